/**
 * `global::verified-email`: the signed-in user's email is verified (the Firebase token's email_verified claim,
 * copied onto the user at each request). 401 without a user, 403 while unverified.
 */
import { errors } from '@strapi/utils';
import { unauthorized } from '../lib/api-error';
import { msg, say } from '../lib/messages';

export default (ctx: { state: { user?: { emailVerified?: boolean | null } } }) => {
  const user = ctx.state.user;
  if (!user) throw unauthorized(msg('auth.signIn'));
  if (user.emailVerified !== true) throw new errors.PolicyError(say('auth.verifyEmailFirst'));
  return true;
};
