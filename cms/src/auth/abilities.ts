import type { Core } from '@strapi/strapi';
import { createTtlCache } from '../lib/ttl-cache';

/** How long another instance may keep using a role's permissions after they change in the panel. */
export const ABILITY_TTL_MS = 5_000;

const PERMISSION_MODELS = ['plugin::users-permissions.permission', 'plugin::users-permissions.role'];
const WRITES = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'] as const;

type Ability = Awaited<ReturnType<Core.Strapi['contentAPI']['permissions']['engine']['generateAbility']>>;
type Permissions = {
  findRolePermissions(roleId: number): Promise<unknown[]>;
  findPublicPermissions(): Promise<unknown[]>;
  toContentAPIPermission(permission: unknown): unknown;
};

/**
 * The content API's abilities per role, built once and shared by every request for ABILITY_TTL_MS: building one
 * costs two permission queries and a CASL compile, which was most of a signed-in request. A permission or role
 * written on this instance drops them at once; other instances follow within the TTL. The user row is cached per
 * token apart (user-cache.ts) and dropped on every instance at each write, so a suspension or a new role applies to
 * the very next request.
 */
export function createAbilities(strapi: Core.Strapi, { ttlMs = ABILITY_TTL_MS } = {}) {
  const cache = createTtlCache<Ability | null>({ ttlMs, maxEntries: 50 });
  const permissions = () => strapi.plugin('users-permissions').service('permission') as Permissions;
  const compile = (list: unknown[]) => strapi.contentAPI.permissions.engine.generateAbility(list.map(permissions().toContentAPIPermission) as never);

  strapi.hook('strapi::content-types.afterSync').register(() => {
    const drop = () => cache.clear();
    strapi.db.lifecycles.subscribe({ models: PERMISSION_MODELS, ...Object.fromEntries(WRITES.map((action) => [action, drop])) });
  });

  return {
    /** The role's permissions plus the Public ones (a signed-in user may do what a visitor may). */
    forRole(roleId: number): Promise<Ability> {
      return cache.get(`role:${roleId}`, async () => {
        const [own, visitor] = await Promise.all([permissions().findRolePermissions(roleId), permissions().findPublicPermissions()]);
        return compile([...own, ...visitor]);
      }) as Promise<Ability>;
    },

    /** The Public role's ability, or null when it may do nothing. */
    forVisitor(): Promise<Ability | null> {
      return cache.get('visitor', async () => {
        const visitor = await permissions().findPublicPermissions();
        return visitor.length === 0 ? null : compile(visitor);
      });
    },
  };
}

export type Abilities = ReturnType<typeof createAbilities>;

const byStrapi = new WeakMap<Core.Strapi, Abilities>();

/** One cache per Strapi instance, shared by the Firebase and the visitor strategies; made while Strapi registers. */
export function abilitiesOf(strapi: Core.Strapi): Abilities {
  let abilities = byStrapi.get(strapi);
  if (!abilities) byStrapi.set(strapi, (abilities = createAbilities(strapi)));
  return abilities;
}
