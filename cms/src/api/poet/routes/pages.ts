import { signedIn } from '../../../auth/routes';

// Public pages are read without a token; a poet reads and changes only their own settings. /poets/me comes before
// /poets/:handle ("me" is a reserved handle).
export default {
  routes: [
    { method: 'GET', path: '/poets', handler: 'pages.list', config: { auth: false } },
    { method: 'GET', path: '/poets/me', handler: 'pages.mine', config: signedIn() },
    { method: 'PUT', path: '/poets/me', handler: 'pages.updateMine', config: signedIn() },
    { method: 'GET', path: '/poets/:handle', handler: 'pages.show', config: { auth: false } },
  ],
};
