import { describe, expect, it } from 'vitest';
import { signedInGrants } from './permissions';
import { signedIn } from './routes';

describe('signedInGrants', () => {
  const apis = {
    user: {
      routes: {
        user: {
          routes: [
            { method: 'GET', path: '/users/me', handler: 'user.me', config: signedIn() },
            { method: 'GET', path: '/users/count', handler: 'user.count', config: { auth: false } },
          ],
        },
        admin: { routes: [{ method: 'GET', path: '/admin/whoami', handler: 'admin.whoami', config: signedIn({ roles: ['admin'] }) }] },
      },
    },
    article: { routes: { article: { routes: [{ method: 'GET', path: '/articles', handler: 'article.find', config: {} }] } } },
  };

  it('grants signed-in routes to every signed-in role, or to the roles of their has-role policy', () => {
    const grants = signedInGrants(apis);
    expect([...grants.keys()].sort()).toEqual(['api::user.admin.whoami', 'api::user.user.me']);
    expect([...grants.get('api::user.user.me')!].sort()).toEqual(['admin', 'authenticated', 'judge', 'moderator']);
    expect([...grants.get('api::user.admin.whoami')!]).toEqual(['admin']);
  });
});

describe('signedIn', () => {
  it('uses only the firebase strategy and adds has-role when roles are given', () => {
    expect(signedIn()).toEqual({ auth: { strategies: ['firebase'] }, policies: [] });
    expect(signedIn({ roles: ['judge'], policies: ['global::verified-email'] })).toEqual({
      auth: { strategies: ['firebase'] },
      policies: [{ name: 'global::has-role', config: { roles: ['judge'] } }, 'global::verified-email'],
    });
  });

  it('gives each route its own auth object (Strapi writes the route scope into it)', () => {
    expect(signedIn().auth).not.toBe(signedIn().auth);
  });
});
