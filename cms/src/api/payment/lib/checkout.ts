// What the checkout and the orders agree on, kept apart from both services so neither imports the other.
import { randomBytes } from 'node:crypto';

/** Checkout sessions expire after Stripe's minimum, so an abandoned checkout soon stops holding a coupon use. */
export const CHECKOUT_EXPIRES_MINUTES = 30;

/** A random id of letters and digits, about `bytes + 4` long (order codes, test payment ids). */
export const randomId = (bytes = 12) =>
  randomBytes(bytes)
    .toString('base64url')
    .replace(/[-_]/g, '')
    .slice(0, bytes + 4);
