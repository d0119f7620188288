import type { Core } from '@strapi/strapi';
import { getService } from '../../services';

// The referral domain listens: the user domain tells it of a referral code given at a poet's sync (attribution), and
// the payment domain of an order paid or refunded, inside that change's transaction (rewards). Neither calls it.
export default {
  register() {},
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const referral = () => getService(strapi, 'api::referral.referral');
    getService(strapi, 'api::user.user').listen({
      referralCodeGiven: (user, code) => referral().attributeAtSignUp(user, code),
    });
    getService(strapi, 'api::payment.orders').listen({
      paid: (order, paidAt) => referral().rewardFirstPaidOrder(order, paidAt),
      refunded: (order) => referral().reverseForRefund(order),
    });
  },
};
