import { signedIn } from '../../../auth/routes';

// Writory's own verification and password-reset emails (the links come from Firebase, the mail from us).
export default {
  routes: [
    { method: 'POST', path: '/auth-mail/verification', handler: 'auth-mail.verification', config: signedIn() },
    { method: 'POST', path: '/auth-mail/password-reset', handler: 'auth-mail.passwordReset', config: { auth: false } },
  ],
};
