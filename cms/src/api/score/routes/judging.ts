import { signedIn } from '../../../auth/routes';

// Judging is blind: these answers never name the poet. Admins may judge too; only they see the progress.
const judges = signedIn({ roles: ['judge', 'admin'] });

export default {
  routes: [
    { method: 'GET', path: '/judging/queue', handler: 'judging.queue', config: judges },
    { method: 'GET', path: '/judging/progress', handler: 'judging.progress', config: signedIn({ roles: ['admin'] }) },
    { method: 'GET', path: '/judging/entries/:code', handler: 'judging.entry', config: judges },
    { method: 'GET', path: '/judging/entries/:code/file', handler: 'judging.file', config: judges },
    { method: 'POST', path: '/judging/entries/:code/scores', handler: 'judging.score', config: judges },
  ],
};
