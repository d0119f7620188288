import { signedIn } from '../../../auth/routes';

export default {
  routes: [{ method: 'POST', path: '/admin/notifications', handler: 'admin.send', config: signedIn({ roles: ['admin'] }) }],
};
