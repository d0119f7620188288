import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/admin/settings', handler: 'admin-settings.show', config: signedIn({ roles: ['admin'] }) },
    { method: 'PUT', path: '/admin/settings', handler: 'admin-settings.update', config: signedIn({ roles: ['admin'] }) },
  ],
};
