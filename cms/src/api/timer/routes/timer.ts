import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/timer/get', handler: 'timer.getResults', config: admin },
    { method: 'DELETE', path: '/admin/timer/delete', handler: 'timer.deleteResults', config: admin },
    { method: 'POST', path: '/admin/timer/retry', handler: 'timer.retryResults', config: admin },
    { method: 'GET', path: '/admin/winner-timer/get', handler: 'timer.getWinners', config: admin },
    { method: 'DELETE', path: '/admin/winner-timer/delete', handler: 'timer.deleteWinners', config: admin },
    { method: 'POST', path: '/admin/winner-timer/retry', handler: 'timer.retryWinners', config: admin },
  ],
};
