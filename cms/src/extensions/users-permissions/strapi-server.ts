import type { Core } from '@strapi/strapi';
import { createVisitorPermissionsStrategy } from '../../auth/strategy';

/**
 * The users-permissions user is our product user. Identity comes from Firebase only, so the plugin's
 * own content-api routes (local sign-up and login, /users*) are dropped (src/api routes take /api/users*), and
 * its auth strategy, which read the plugin's own JWTs, is replaced by one that only knows visitors.
 */
const PRODUCT_USER_ATTRIBUTES = {
  firebaseUid: { type: 'string', unique: true, configurable: false },
  name: { type: 'string', maxLength: 80 },
  phone: { type: 'string', maxLength: 20 },
  profilePicture: { type: 'media', multiple: false, allowedTypes: ['images'] },
  dateOfBirth: { type: 'date' },
  emailVerified: { type: 'boolean', default: false },
  country: { type: 'string', maxLength: 2 },
  referralCode: { type: 'string', unique: true },
  remindersOptOut: { type: 'boolean', default: false },
  suspendedAt: { type: 'datetime' },
  lastSeenAt: { type: 'datetime' },
  /** The languages a judge reads (codes such as "ta"): automatic assignment gives them only entries in these (issue 37). */
  judgeLanguages: { type: 'json' },
  /** The language the person reads Writory in (`en`, `hi`, `ar`: packages/shared/src/locales.ts); null is English (issue 39). */
  preferredLocale: { type: 'string', maxLength: 8 },
};

export default (plugin: Core.Plugin) => {
  const schema = plugin.contentTypes.user.schema;
  Object.assign(schema.attributes, PRODUCT_USER_ATTRIBUTES);
  // `unique` on an attribute is only checked by the document service; this index makes two first requests
  // of one Firebase user (or two cms instances) unable to create two users.
  schema.indexes = [...(schema.indexes ?? []), { name: 'up_users_firebase_uid_unique', columns: ['firebase_uid'], type: 'unique' }];
  // users-permissions declares its routes per router (admin, content-api), not as one list.
  (plugin.routes as Record<string, Core.Router>)['content-api'].routes = [];
  plugin.register = withoutJwtStrategy(plugin.register);
  return plugin;
};

/** Runs the plugin's register() with its content-api strategy swapped for the visitor-only one. */
function withoutJwtStrategy(register: (context: { strapi: Core.Strapi }) => void | Promise<void>) {
  return ({ strapi }: { strapi: Core.Strapi }) => {
    const auth = strapi.get('auth');
    const add = auth.register;
    auth.register = function (type: string, strategy: { name: string }) {
      const replaced = type === 'content-api' && strategy.name === 'users-permissions';
      return add.call(this, type, replaced ? createVisitorPermissionsStrategy(strapi) : strategy);
    };
    try {
      return register({ strapi });
    } finally {
      auth.register = add;
    }
  };
}
