import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/leaderboard', handler: 'leaderboard.page', config: { auth: false } },
    { method: 'POST', path: '/admin/leaderboard/preview', handler: 'leaderboard.preview', config: admin },
    { method: 'POST', path: '/admin/leaderboard/import', handler: 'leaderboard.importRows', config: admin },
  ],
};
