import { signedIn } from '../../../auth/routes';

const poet = () => signedIn({ policies: ['global::verified-email'] });

export default {
  routes: [
    { method: 'GET', path: '/payments/tiers', handler: 'payment.tiers', config: { auth: false } },
    { method: 'GET', path: '/payments/me', handler: 'payment.me', config: signedIn() },
    { method: 'POST', path: '/payments/quote', handler: 'payment.quote', config: poet() },
    { method: 'POST', path: '/payments/checkout', handler: 'payment.checkout', config: poet() },
    { method: 'GET', path: '/payments/orders/:code', handler: 'payment.order', config: signedIn() },
    { method: 'GET', path: '/payments/test-checkout/:session', handler: 'payment.testCheckout', config: signedIn() },
    { method: 'POST', path: '/payments/test-checkout/:session', handler: 'payment.completeTestCheckout', config: poet() },
    // Stripe calls this; the signature over the raw body is the authentication.
    { method: 'POST', path: '/payments/webhook', handler: 'payment.webhook', config: { auth: false } },
  ],
};
