// @vitest-environment node
// The browser's catalogue parts (issue 39): the admin tools' words reach only the admin pages, by area.
import { describe, expect, it } from 'vitest';
import { adminCompetitionsEn } from './admin-competitions.en';
import { adminMoneyEn } from './admin-money.en';
import { adminPagesEn } from './admin-pages.en';
import { adminPeopleEn } from './admin-people.en';
import { adminResultsEn } from './admin-results.en';
import { adminSiteEn } from './admin-site.en';
import catalogueParts, { CATALOGUE_PARTS, partOf } from './catalogue-parts.mjs';
import { en } from './en';

/** What the plugin serves as `virtual:writory-catalogue/<locale>-<part>`. */
async function partIn(locale: string, part: string): Promise<Record<string, string>> {
  const plugin = catalogueParts();
  const id = plugin.resolveId(`virtual:writory-catalogue/${locale}-${part}`) as string;
  const code = (await plugin.load.call({ addWatchFile: () => {} }, id)) as string;
  return JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''));
}

const ADMIN_KEYS = [adminPagesEn, adminMoneyEn, adminPeopleEn, adminResultsEn, adminCompetitionsEn, adminSiteEn].flatMap((words) => Object.keys(words));

describe('the catalogue parts', () => {
  it('give every admin tool’s word to an admin part, which only the Admin layout’s pages load', () => {
    expect(ADMIN_KEYS.length).toBeGreaterThan(400);
    expect(ADMIN_KEYS.filter((key) => !(key in en))).toEqual([]);
    expect(ADMIN_KEYS.filter((key) => !partOf(key).startsWith('admin'))).toEqual([]);
  });

  it('serve an admin area’s part (a name with a hyphen) in the locale asked, with that area’s words only', async () => {
    const money = await partIn('hi', 'admin-money');
    expect(Object.keys(money).length).toBeGreaterThan(100);
    expect(Object.keys(money).every((key) => partOf(key) === 'admin-money')).toBe(true);
    expect(money['adminCoupons.status.active']).not.toBe(adminMoneyEn['adminCoupons.status.active']);
  });

  it('keep every part’s words apart: together they are the whole catalogue, once', async () => {
    const parts = await Promise.all(CATALOGUE_PARTS.map((part) => partIn('en', part)));
    const keys = parts.flatMap((part) => Object.keys(part));
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(parts[0]).filter((key) => key.startsWith('admin'))).toEqual([]);
  });

  it('refuse a part that does not exist', async () => {
    await expect(partIn('en', 'admin-nothing')).rejects.toThrow(/no catalogue part "admin-nothing"/);
  });
});
