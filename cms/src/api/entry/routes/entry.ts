import { signedIn } from '../../../auth/routes';

// Entering is for poets (the Authenticated role) with a verified email; the service checks age and window.
const poetsOnly = signedIn({ roles: ['authenticated'], policies: ['global::verified-email'] });

export default {
  routes: [
    { method: 'GET', path: '/submission-count', handler: 'entry.count', config: { auth: false } },
    { method: 'GET', path: '/entries/allowance', handler: 'entry.allowance', config: signedIn() },
    { method: 'GET', path: '/entries/mine', handler: 'entry.mine', config: signedIn() },
    { method: 'POST', path: '/entries/preview', handler: 'entry.preview', config: poetsOnly },
    { method: 'POST', path: '/entries', handler: 'entry.create', config: poetsOnly },
    // The poet's own file and photo; admins may fetch any. Judges use /judging/entries/:code/file (blind copy).
    { method: 'GET', path: '/entries/:code/file', handler: 'entry.file', config: signedIn({ roles: ['authenticated', 'admin'] }) },
    { method: 'GET', path: '/entries/:code/photo', handler: 'entry.photo', config: signedIn({ roles: ['authenticated', 'admin'] }) },
    { method: 'GET', path: '/admin/entries', handler: 'entry.adminList', config: signedIn({ roles: ['admin'] }) },
  ],
};
