import { signedIn } from '../../../auth/routes';

// A fresh config per route: Strapi writes each route's own scope into it.
const admins = () => signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/users', handler: 'admin-users.list', config: admins() },
    { method: 'GET', path: '/admin/users/export', handler: 'admin-users.export', config: admins() },
    { method: 'PUT', path: '/admin/users/:uid/role', handler: 'admin-users.setRole', config: admins() },
    { method: 'POST', path: '/admin/users/:uid/suspend', handler: 'admin-users.suspend', config: admins() },
    { method: 'POST', path: '/admin/users/:uid/restore', handler: 'admin-users.restore', config: admins() },
  ],
};
