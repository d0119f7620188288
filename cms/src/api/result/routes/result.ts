import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/results/months', handler: 'result.months', config: admin },
    { method: 'POST', path: '/admin/results/preview', handler: 'result.preview', config: admin },
    { method: 'POST', path: '/admin/upload-csv', handler: 'result.uploadCsv', config: admin },
    { method: 'POST', path: '/admin/results/publish', handler: 'result.publishJudges', config: admin },
    { method: 'GET', path: '/results/me', handler: 'result.mine', config: signedIn() },
  ],
};
