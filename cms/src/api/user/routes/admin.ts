import { signedIn } from '../../../auth/routes';

// Probe of the admin guard; every /api/admin/* route uses the same config: 401 without a token, 403 without the role.
export default {
  routes: [{ method: 'GET', path: '/admin/whoami', handler: 'admin.whoami', config: signedIn({ roles: ['admin'] }) }],
};
