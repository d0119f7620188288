import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/contests/current', handler: 'contest.current', config: { auth: false } },
    { method: 'GET', path: '/admin/contests', handler: 'contest.adminList', config: signedIn({ roles: ['admin'] }) },
    { method: 'PUT', path: '/admin/contests/:month', handler: 'contest.adminUpdate', config: signedIn({ roles: ['admin'] }) },
  ],
};
