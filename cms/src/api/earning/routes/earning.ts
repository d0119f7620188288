import { signedIn } from '../../../auth/routes';

const admin = () => signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/earnings/me', handler: 'earning.mine', config: signedIn() },
    { method: 'POST', path: '/earnings/withdrawals', handler: 'earning.requestWithdrawal', config: signedIn({ policies: ['global::verified-email'] }) },
    { method: 'GET', path: '/admin/withdrawals', handler: 'earning.adminList', config: admin() },
    { method: 'POST', path: '/admin/withdrawals/:id/approve', handler: 'earning.approve', config: admin() },
    { method: 'POST', path: '/admin/withdrawals/:id/pay', handler: 'earning.markPaid', config: admin() },
    { method: 'POST', path: '/admin/withdrawals/:id/reject', handler: 'earning.reject', config: admin() },
  ],
};
