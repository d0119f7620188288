// The browser's catalogues in parts (issue 39: at most 100 KB of JavaScript on any page). The server reads each
// locale's whole catalogue (en.ts, hi.ts, ar.ts); the browser loads `virtual:writory-catalogue/<locale>-<part>`,
// made here from the same catalogue at build time: `core` on every page, and each other part only on the pages whose
// `<html data-catalogue-parts>` names it (the `parts` of the Main and Admin layouts): `admin` (the admin tools' chrome:
// navigation, guard, page names) with the Admin layout, each admin area's words (`admin-money`, `admin-people`, …) on
// the admin pages of that area, the others where a page's islands say them; `chat` is loaded by the chat panel when it
// opens. A key belongs to a part by its prefix; a new prefix is `core` unless listed here, so a page never misses a
// key by default. The e2e raw-key check opens every page in Hindi and Arabic and finds a misplaced one.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The key prefixes of each part other than `core`. */
export const PART_PREFIXES = {
  // The admin tools: their chrome on every admin page, then one part per area (i18n/admin-*.<locale>.ts).
  // adminDates: the date-range checks the visits, feedback and revenue pages share.
  admin: ['admin.', 'adminPage.', 'adminRole.', 'adminCount.', 'adminList.', 'adminDates.'],
  'admin-money': ['adminMoney.', 'adminCoupons.', 'adminRevenue.', 'adminWithdrawals.', 'adminTiers.'],
  'admin-people': ['adminUsers.', 'userFilters.', 'adminJudgeLanguages.', 'adminNotify.', 'adminFeedback.', 'adminContacts.', 'adminReminder.'],
  'admin-results': [
    'adminResults.',
    'adminWinners.',
    'adminTimer.',
    'adminCertificates.',
    'adminLeaderboard.',
    'adminRowErrors.',
    'adminPublish.',
    'adminPublishing.',
    'resultsCsv.',
  ],
  'admin-competitions': ['adminCompetitions.', 'adminCoverage.', 'adminCriteria.'],
  'admin-site': ['adminVisits.', 'adminHealth.', 'adminSettings.', 'settings.', 'writer.'],
  'admin-judging': ['judging.', 'judgeLanguages.', 'data.'],
  wall: ['wall.', 'comments.'],
  poets: ['poets.', 'blocks.'],
  money: ['money.', 'orders.'],
  account: ['auth.', 'reset.', 'emailVerified.', 'emailAction.', 'join.'],
  // What a failed sign-in or email action says: the sign-in and email pages, and the profile (its verification resend).
  'auth-errors': ['authError.'],
  contact: ['feedback.', 'contactForm.'],
  profile: ['profile.', 'reminders.', 'scores.'],
  results: ['leaderboard.', 'certificate.'],
  testimonials: ['testimonials.'],
  chat: ['chat.'],
};
export const CATALOGUE_PARTS = ['core', ...Object.keys(PART_PREFIXES)];
/** The part a key is loaded with in the browser. */
export const partOf = (key) => Object.entries(PART_PREFIXES).find(([, prefixes]) => prefixes.some((prefix) => key.startsWith(prefix)))?.[0] ?? 'core';

const VIRTUAL = 'virtual:writory-catalogue/';
const i18nDir = fileURLToPath(new URL('.', import.meta.url));

/** A locale's whole catalogue in its parts, read from its TypeScript source (bundled with its feature files), and the files it is made of. */
async function catalogueOf(locale) {
  const result = await build({
    entryPoints: [resolve(i18nDir, `${locale}.ts`)],
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
  /** @type {Map<string, Record<string, string>>} */
  const parts = new Map(CATALOGUE_PARTS.map((part) => [part, {}]));
  for (const [key, words] of Object.entries(module[locale])) parts.get(partOf(key))[key] = words;
  return { parts, inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)) };
}

/**
 * The Vite plugin that serves `virtual:writory-catalogue/<locale>-<part>` as a module exporting that part. A build
 * reads each locale's catalogue once for all its parts and both of its bundles (the pages' and the browser's): read
 * per part, a build bundled the catalogue's sources 108 times, about 1 CPU s of esbuild in each of the ~33 builds of an
 * e2e run. The dev server reads it again on every load, so an edited catalogue shows on the next reload.
 */
export default function catalogueParts() {
  /** @type {Map<string, ReturnType<typeof catalogueOf>> | null} */
  let readInThisBuild = null;
  return {
    name: 'writory-catalogue-parts',
    configResolved(config) {
      readInThisBuild = config.command === 'build' ? new Map() : null;
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      const name = id.slice(VIRTUAL.length + 1);
      const [locale, part] = [name.slice(0, name.indexOf('-')), name.slice(name.indexOf('-') + 1)];
      if (!CATALOGUE_PARTS.includes(part)) throw new Error(`${id}: no catalogue part "${part}" (${CATALOGUE_PARTS.join(', ')})`);
      let read = readInThisBuild?.get(locale);
      if (!read) {
        read = catalogueOf(locale);
        readInThisBuild?.set(locale, read);
      }
      const { parts, inputs } = await read;
      for (const file of inputs) this.addWatchFile(file);
      return `export default ${JSON.stringify(parts.get(part))};`;
    },
  };
}
