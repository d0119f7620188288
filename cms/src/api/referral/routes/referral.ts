import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/referrals/me', handler: 'referral.mine', config: signedIn() },
    // The invitation page names who invited the visitor (masked).
    { method: 'GET', path: '/referrals/codes/:code', handler: 'referral.invite', config: { auth: false } },
  ],
};
