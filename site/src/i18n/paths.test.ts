// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './routes.mjs';
import { actionLocale, localeOfPath, localizedPath, unlocalizedPath } from './paths';

describe('locale paths', () => {
  it('reads the locale from the first segment only', () => {
    expect(localeOfPath('/hi/about')).toBe('hi');
    expect(localeOfPath('/ar')).toBe('ar');
    expect(localeOfPath('/about')).toBe('en');
    expect(localeOfPath('/articles/tag/ar')).toBe('en');
    expect(localeOfPath('/hindi-poems')).toBe('en');
  });

  it('gives the same page in another locale, English unprefixed, query and hash kept', () => {
    expect(localizedPath('/about', 'hi')).toBe('/hi/about');
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/hi', 'en')).toBe('/');
    expect(localizedPath('/hi/about#our-team', 'ar')).toBe('/ar/about#our-team');
    expect(localizedPath('/ar/auth?next=%2Fprofile', 'en')).toBe('/auth?next=%2Fprofile');
    expect(unlocalizedPath('/ar/admin-users')).toBe('/admin-users');
  });

  it('leaves other sites and protocol-relative links alone', () => {
    expect(localizedPath('https://wa.me/1', 'hi')).toBe('https://wa.me/1');
    expect(localizedPath('//cdn.example/x', 'hi')).toBe('//cdn.example/x');
  });
});

describe('the language an email’s link names', () => {
  it('is its lang, when it is one of ours; else the page’s own', () => {
    expect(actionLocale('?mode=verifyEmail&oobCode=X&lang=hi')).toBe('hi');
    expect(actionLocale('?mode=resetPassword&oobCode=X&lang=ar')).toBe('ar');
    expect(actionLocale('?mode=verifyEmail&oobCode=X&lang=fr')).toBe('en');
    expect(actionLocale('?mode=verifyEmail&oobCode=X')).toBe('en');
  });
});

describe('the pages built in every locale', () => {
  it('are every .astro page but the 404 and Firebase’s action path', () => {
    const routes = pageRoutes(join(process.cwd(), 'src/pages')).map((r: { route: string }) => r.route);
    expect(routes).toEqual(expect.arrayContaining(['', 'about', 'submit', 'articles/[slug]', 'competitions/[slug]', 'admin-users']));
    expect(routes).not.toContain('404');
    expect(routes.some((route: string) => route.startsWith('[authPrefix]'))).toBe(false);
  });
});
