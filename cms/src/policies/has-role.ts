/**
 * `global::has-role`: the signed-in user's users-permissions role must be one of `roles`.
 *   config: { policies: [{ name: 'global::has-role', config: { roles: ['admin'] } }] }
 * 401 without a user (e.g. an API token), 403 with another role. A wrong config stops the cms at boot.
 */
import { errors } from '@strapi/utils';
import { unauthorized } from '../lib/api-error';
import { msg, say } from '../lib/messages';

const ROLE_TYPES = ['authenticated', 'judge', 'moderator', 'admin'];

export default {
  name: 'global::has-role',
  validator(config: { roles?: unknown }) {
    const roles = config?.roles;
    if (!Array.isArray(roles) || roles.length === 0 || !roles.every((role) => ROLE_TYPES.includes(role))) {
      throw new Error(`global::has-role needs config.roles: a non-empty list of ${ROLE_TYPES.join(', ')}`);
    }
  },
  handler(ctx: { state: { user?: { role?: { type?: string } } } }, config: { roles: string[] }) {
    const user = ctx.state.user;
    if (!user) throw unauthorized(msg('auth.signIn'));
    if (!config.roles.includes(user.role?.type ?? '')) {
      throw new errors.PolicyError(say('auth.noAccess'), { roles: config.roles });
    }
    return true;
  },
};
