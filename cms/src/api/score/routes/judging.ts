import { signedIn } from '../../../auth/routes';

// Judging is blind: these answers never name the poet. Judges read what is assigned to them; admins may judge any
// entry but their own, and only they see the progress, assignments and the detailed report.
const judges = signedIn({ roles: ['judge', 'admin'] });
const admins = signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/judging/queue', handler: 'judging.queue', config: judges },
    { method: 'GET', path: '/judging/progress', handler: 'judging.progress', config: admins },
    { method: 'GET', path: '/judging/report', handler: 'judging.adminReport', config: admins },
    { method: 'GET', path: '/judging/reports/:month', handler: 'judging.publicReport', config: { auth: false } },
    { method: 'GET', path: '/judging/entries/:code', handler: 'judging.entry', config: judges },
    { method: 'GET', path: '/judging/entries/:code/file', handler: 'judging.file', config: judges },
    { method: 'POST', path: '/judging/entries/:code/scores', handler: 'judging.score', config: judges },
    { method: 'POST', path: '/judging/entries/:code/recuse', handler: 'judging.recuse', config: judges },
    { method: 'PUT', path: '/judging/entries/:code/judges', handler: 'judging.setJudges', config: admins },
    // The languages a judge reads (issue 37): their own, an admin's for anyone, and which languages lack judges.
    { method: 'GET', path: '/judging/languages', handler: 'judging.languages', config: judges },
    { method: 'PUT', path: '/judging/languages', handler: 'judging.setLanguages', config: judges },
    { method: 'PUT', path: '/admin/users/:uid/judge-languages', handler: 'judging.setJudgeLanguages', config: admins },
    { method: 'GET', path: '/admin/judge-coverage', handler: 'judging.coverage', config: admins },
  ],
};
