import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/competitions', handler: 'competition.list', config: { auth: false } },
    { method: 'GET', path: '/competitions/:slug', handler: 'competition.detail', config: { auth: false } },
    { method: 'GET', path: '/admin/competitions', handler: 'competition.adminList', config: signedIn({ roles: ['admin'] }) },
    { method: 'POST', path: '/admin/competitions', handler: 'competition.adminCreate', config: signedIn({ roles: ['admin'] }) },
    { method: 'PUT', path: '/admin/competitions/:slug', handler: 'competition.adminUpdate', config: signedIn({ roles: ['admin'] }) },
  ],
};
