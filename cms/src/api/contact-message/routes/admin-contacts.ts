import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/admin/contacts', handler: 'admin-contacts.list', config: signedIn({ roles: ['admin'] }) },
    { method: 'PUT', path: '/admin/contacts/:id/read', handler: 'admin-contacts.markRead', config: signedIn({ roles: ['admin'] }) },
  ],
};
