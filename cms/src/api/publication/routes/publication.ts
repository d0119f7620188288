import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/timer/get', handler: 'publication.getResults', config: admin },
    { method: 'DELETE', path: '/admin/timer/delete', handler: 'publication.deleteResults', config: admin },
    { method: 'POST', path: '/admin/timer/retry', handler: 'publication.retryResults', config: admin },
    { method: 'GET', path: '/admin/winner-timer/get', handler: 'publication.getWinners', config: admin },
    { method: 'DELETE', path: '/admin/winner-timer/delete', handler: 'publication.deleteWinners', config: admin },
    { method: 'POST', path: '/admin/winner-timer/retry', handler: 'publication.retryWinners', config: admin },
    { method: 'POST', path: '/admin/upload-csv', handler: 'publication.uploadCsv', config: admin },
    { method: 'POST', path: '/admin/results/publish', handler: 'publication.publishJudges', config: admin },
    { method: 'POST', path: '/admin/upload-winners', handler: 'publication.uploadWinners', config: admin },
    { method: 'GET', path: '/admin/results/months', handler: 'publication.months', config: admin },
    { method: 'GET', path: '/results/me', handler: 'publication.mine', config: signedIn() },
  ],
};
