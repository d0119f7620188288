import { signedIn } from '../../../auth/routes';

const admin = () => signedIn({ roles: ['admin'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/payments/tiers', handler: 'payment-admin.listTiers', config: admin() },
    { method: 'POST', path: '/admin/payments/tiers', handler: 'payment-admin.createTier', config: admin() },
    { method: 'PUT', path: '/admin/payments/tiers/:id', handler: 'payment-admin.updateTier', config: admin() },
    { method: 'GET', path: '/admin/payments/coupons', handler: 'payment-admin.listCoupons', config: admin() },
    { method: 'POST', path: '/admin/payments/coupons', handler: 'payment-admin.createCoupon', config: admin() },
    { method: 'PUT', path: '/admin/payments/coupons/:id', handler: 'payment-admin.updateCoupon', config: admin() },
    { method: 'PATCH', path: '/admin/payments/coupons/:id', handler: 'payment-admin.patchCoupon', config: admin() },
    { method: 'GET', path: '/admin/payments/revenue', handler: 'payment-admin.revenue', config: admin() },
    { method: 'POST', path: '/admin/payments/orders/:code/refund', handler: 'payment-admin.refund', config: admin() },
    { method: 'GET', path: '/admin/payments/settings', handler: 'payment-admin.settings', config: admin() },
    { method: 'PUT', path: '/admin/payments/settings', handler: 'payment-admin.updateSettings', config: admin() },
  ],
};
