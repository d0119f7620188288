import type { Core } from '@strapi/strapi';
import type { RoleType } from '@writory/shared';
import { userRepository } from '../api/user/repository';
import { FIREBASE_STRATEGY, SIGNED_IN_ROLES } from './routes';

interface RouteLike {
  handler?: unknown;
  config?: { auth?: false | { strategies?: unknown[] }; policies?: unknown[] };
}

function rolesOf(route: RouteLike): readonly RoleType[] {
  for (const policy of route.config?.policies ?? []) {
    if (policy && typeof policy === 'object' && (policy as { name?: string }).name === 'global::has-role') {
      return ((policy as { config?: { roles?: RoleType[] } }).config?.roles ?? []) as RoleType[];
    }
  }
  return SIGNED_IN_ROLES;
}

/** action (api::<api>.<controller>.<action>) → roles, for every src/api route that uses the firebase strategy. */
export function signedInGrants(apis: Record<string, { routes?: unknown }>): Map<string, Set<RoleType>> {
  const grants = new Map<string, Set<RoleType>>();
  for (const [apiName, api] of Object.entries(apis)) {
    for (const router of Object.values((api.routes ?? {}) as Record<string, unknown>)) {
      const routes: RouteLike[] = Array.isArray(router) ? router : ((router as { routes?: RouteLike[] })?.routes ?? []);
      for (const route of routes) {
        const auth = route.config?.auth;
        // biome-ignore lint/complexity/useOptionalChain: auth may be `false`, which `?.` does not narrow away for tsc
        if (!auth || !auth.strategies?.includes(FIREBASE_STRATEGY) || typeof route.handler !== 'string') continue;
        const action = route.handler.includes('::') ? route.handler : `api::${apiName}.${route.handler}`;
        const roles = grants.get(action) ?? new Set<RoleType>();
        for (const role of rolesOf(route)) roles.add(role);
        grants.set(action, roles);
      }
    }
  }
  return grants;
}

/**
 * Grants each signed-in route's action to its roles in users-permissions, so the strategy's scope check lets
 * them through. Only adds what is missing; the route's has-role policy stays the guard.
 */
export async function grantSignedInRoutes(strapi: Core.Strapi): Promise<void> {
  const grants = signedInGrants(strapi.apis as Record<string, { routes?: unknown }>);
  const repository = userRepository(strapi);
  const roles = await repository.rolesWithPermissions(SIGNED_IN_ROLES);
  for (const role of roles) {
    const have = new Set<string>(role.permissions.map((p) => p.action));
    for (const [action, allowed] of grants) {
      if (allowed.has(role.type) && !have.has(action)) {
        await repository.grantPermission(role.id, action);
      }
    }
  }
}
