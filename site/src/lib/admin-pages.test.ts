// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, pageAt, pagesFor } from './admin-pages';
import { audienceOf, roleInWords } from './admin-words';
import { staffHomeOf } from './staff-home';

describe('staff pages per role', () => {
  it.each([
    ['admin', ADMIN_PAGES.map((page) => page.slug)],
    ['moderator', ['admin-wall-moderation']],
    ['judge', ['admin-submissions']],
    ['authenticated', []],
    [null, []],
  ] as const)('%s may open %j', (role, slugs) => {
    expect(pagesFor(role).map((page) => page.slug)).toEqual(slugs);
  });

  it('sends each role from the header to its first staff page, as the list orders them (staff-home.ts)', () => {
    for (const role of ['admin', 'judge', 'moderator', 'authenticated', null, undefined] as const)
      expect(staffHomeOf(role)).toBe(pagesFor(role)[0]?.slug ?? null);
  });

  it('finds the page at a path, with or without slashes', () => {
    expect(pageAt('/admin-users/')?.label).toBe('Users');
    expect(pageAt('admin-users')?.label).toBe('Users');
    expect(pageAt('/profile')).toBeUndefined();
  });

  it('says who a page is for and who you are in words', () => {
    expect(audienceOf(['admin'])).toBe('admins');
    expect(audienceOf(['admin', 'moderator'])).toBe('admins and moderators');
    expect(audienceOf(['judge', 'moderator', 'admin'])).toBe('judges, moderators and admins');
    expect(roleInWords('authenticated')).toBe('a poet');
    expect(roleInWords('admin')).toBe('an admin');
  });
});
