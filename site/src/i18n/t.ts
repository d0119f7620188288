// The interface's text in the page's language. English (`en.ts`) is the reference: every key and its
// `{placeholders}`; `hi.ts` and `ar.ts` carry the same keys (i18n/catalogues.test.ts checks it). Each locale's
// catalogue is its own chunk, loaded before anything reads it: on the server by the middleware for the page being
// built, in the browser by this module (top-level await) for the page's `<html lang>`, so a Hindi page downloads
// only Hindi and an English page only English; and in the browser only the parts the page needs (`loaders` below).
//
// It imports only types from @writory/shared: a value from there would bring the shared schemas (zod) into every
// page. The loaders below are typed by `Locale`, so a locale added there and not here does not compile.
import type { Locale } from '@writory/shared';
import type { Catalogue, MessageKey, StaticCatalogue } from './types';

export type { Catalogue, ClientKey, MessageKey, StaticCatalogue, StaticKey } from './types';

type Part = Promise<{ default: Partial<Catalogue> }>;
/** Each locale's whole catalogue: read on the server only (called in its branch alone, so the browser's build has none). */
const wholeCatalogues = (): Record<Locale, () => Promise<Catalogue>> => ({
  en: () => import('./en').then((m) => m.en),
  hi: () => import('./hi').then((m) => m.hi),
  ar: () => import('./ar').then((m) => m.ar),
});
/**
 * In the browser a locale's catalogue comes in parts (i18n/catalogue-parts.mjs): `core` on every page, the others on
 * the pages whose `<html data-catalogue-parts>` names them. The server reads the whole catalogue.
 */
type PartName = 'core' | OptionalPart;
/** An admin area's words, named by the admin pages of that area (the Admin layout adds `admin`, the tools' chrome). */
export type AdminPart = 'admin-money' | 'admin-people' | 'admin-results' | 'admin-competitions' | 'admin-site' | 'admin-judging';
/** The parts a page may name in `<html data-catalogue-parts>` (i18n/catalogue-parts.mjs); `chat` loads when the chat opens. */
export type PagePart = 'wall' | 'poets' | 'money' | 'account' | 'auth-errors' | 'contact' | 'profile' | 'results' | 'testimonials' | AdminPart;
type OptionalPart = 'admin' | PagePart | 'chat';
const OPTIONAL_PARTS: readonly OptionalPart[] = [
  'admin',
  'admin-money',
  'admin-people',
  'admin-results',
  'admin-competitions',
  'admin-site',
  'admin-judging',
  'wall',
  'poets',
  'money',
  'account',
  'auth-errors',
  'contact',
  'profile',
  'results',
  'testimonials',
  'chat',
];
const loaders: Record<Locale, Record<PartName, () => Part>> = {
  en: {
    core: () => import('virtual:writory-catalogue/en-core'),
    admin: () => import('virtual:writory-catalogue/en-admin'),
    'admin-money': () => import('virtual:writory-catalogue/en-admin-money'),
    'admin-people': () => import('virtual:writory-catalogue/en-admin-people'),
    'admin-results': () => import('virtual:writory-catalogue/en-admin-results'),
    'admin-competitions': () => import('virtual:writory-catalogue/en-admin-competitions'),
    'admin-site': () => import('virtual:writory-catalogue/en-admin-site'),
    'admin-judging': () => import('virtual:writory-catalogue/en-admin-judging'),
    wall: () => import('virtual:writory-catalogue/en-wall'),
    poets: () => import('virtual:writory-catalogue/en-poets'),
    money: () => import('virtual:writory-catalogue/en-money'),
    account: () => import('virtual:writory-catalogue/en-account'),
    'auth-errors': () => import('virtual:writory-catalogue/en-auth-errors'),
    contact: () => import('virtual:writory-catalogue/en-contact'),
    profile: () => import('virtual:writory-catalogue/en-profile'),
    results: () => import('virtual:writory-catalogue/en-results'),
    testimonials: () => import('virtual:writory-catalogue/en-testimonials'),
    chat: () => import('virtual:writory-catalogue/en-chat'),
  },
  hi: {
    core: () => import('virtual:writory-catalogue/hi-core'),
    admin: () => import('virtual:writory-catalogue/hi-admin'),
    'admin-money': () => import('virtual:writory-catalogue/hi-admin-money'),
    'admin-people': () => import('virtual:writory-catalogue/hi-admin-people'),
    'admin-results': () => import('virtual:writory-catalogue/hi-admin-results'),
    'admin-competitions': () => import('virtual:writory-catalogue/hi-admin-competitions'),
    'admin-site': () => import('virtual:writory-catalogue/hi-admin-site'),
    'admin-judging': () => import('virtual:writory-catalogue/hi-admin-judging'),
    wall: () => import('virtual:writory-catalogue/hi-wall'),
    poets: () => import('virtual:writory-catalogue/hi-poets'),
    money: () => import('virtual:writory-catalogue/hi-money'),
    account: () => import('virtual:writory-catalogue/hi-account'),
    'auth-errors': () => import('virtual:writory-catalogue/hi-auth-errors'),
    contact: () => import('virtual:writory-catalogue/hi-contact'),
    profile: () => import('virtual:writory-catalogue/hi-profile'),
    results: () => import('virtual:writory-catalogue/hi-results'),
    testimonials: () => import('virtual:writory-catalogue/hi-testimonials'),
    chat: () => import('virtual:writory-catalogue/hi-chat'),
  },
  ar: {
    core: () => import('virtual:writory-catalogue/ar-core'),
    admin: () => import('virtual:writory-catalogue/ar-admin'),
    'admin-money': () => import('virtual:writory-catalogue/ar-admin-money'),
    'admin-people': () => import('virtual:writory-catalogue/ar-admin-people'),
    'admin-results': () => import('virtual:writory-catalogue/ar-admin-results'),
    'admin-competitions': () => import('virtual:writory-catalogue/ar-admin-competitions'),
    'admin-site': () => import('virtual:writory-catalogue/ar-admin-site'),
    'admin-judging': () => import('virtual:writory-catalogue/ar-admin-judging'),
    wall: () => import('virtual:writory-catalogue/ar-wall'),
    poets: () => import('virtual:writory-catalogue/ar-poets'),
    money: () => import('virtual:writory-catalogue/ar-money'),
    account: () => import('virtual:writory-catalogue/ar-account'),
    'auth-errors': () => import('virtual:writory-catalogue/ar-auth-errors'),
    contact: () => import('virtual:writory-catalogue/ar-contact'),
    profile: () => import('virtual:writory-catalogue/ar-profile'),
    results: () => import('virtual:writory-catalogue/ar-results'),
    testimonials: () => import('virtual:writory-catalogue/ar-testimonials'),
    chat: () => import('virtual:writory-catalogue/ar-chat'),
  },
};
const loaded: Partial<Record<Locale, Catalogue>> = {};
/** The static markup's strings: loaded on the server only (the branch is left out of the browser's build). */
const loadedStatic: Partial<Record<Locale, StaticCatalogue>> = {};
const DEFAULT_LOCALE: Locale = 'en';

/** Set by the server's middleware: the locale of the page being rendered (AsyncLocalStorage, see i18n/server.ts). */
export const SERVER_LOCALE = Symbol.for('writory.pageLocale');
type LocaleSource = () => Locale | undefined;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(loaders, value);
}

/** The interface's locales (the same as @writory/shared's LOCALES, for code that runs in the browser). */
export const INTERFACE_LOCALES = Object.keys(loaders) as Locale[];

/** The page's locale: the one being rendered on the server, `<html lang>` in the browser. */
export function currentLocale(): Locale {
  if (typeof document !== 'undefined') {
    const lang = document.documentElement.lang;
    return isLocale(lang) ? lang : DEFAULT_LOCALE;
  }
  const source = (globalThis as { [SERVER_LOCALE]?: LocaleSource })[SERVER_LOCALE];
  return source?.() ?? DEFAULT_LOCALE;
}

/** Loads a locale's catalogue (once); t() reads it synchronously afterwards. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (!import.meta.env.SSR) {
    // Vitest renders islands in jsdom with no page around them: there, every part.
    const named = import.meta.env.MODE === 'test' ? OPTIONAL_PARTS : (document.documentElement.dataset.catalogueParts ?? '').split(' ');
    const parts = OPTIONAL_PARTS.filter((part) => named.includes(part));
    const loading = [loaders[locale].core(), ...parts.map((part) => loaders[locale][part]())];
    loaded[locale] ??= Object.assign({}, ...(await Promise.all(loading)).map((m) => m.default)) as Catalogue;
    return loaded[locale];
  }
  loaded[locale] ??= await wholeCatalogues()[locale]();
  if (import.meta.env.SSR) {
    const staticLoaders: Record<Locale, () => Promise<StaticCatalogue>> = {
      en: () => import('./static.en').then((m) => m.staticEn),
      hi: () => import('./static.hi').then((m) => m.staticHi),
      ar: () => import('./static.ar').then((m) => m.staticAr),
    };
    loadedStatic[locale] ??= await staticLoaders[locale]();
  }
  return loaded[locale];
}

/** Adds a part's strings to the page's loaded catalogue (a panel that opens on demand, such as the chat's). */
export async function loadCataloguePart(part: OptionalPart, locale: Locale = currentLocale()): Promise<void> {
  if (import.meta.env.SSR) return; // the server reads the whole catalogue
  const catalogue = await loadCatalogue(locale);
  Object.assign(catalogue, (await loaders[locale][part]()).default);
}

/** A key's text in a loaded locale; a static key read in the browser (a mistake) shows the key itself. */
const lookup = (locale: Locale, key: MessageKey): string | undefined =>
  (loaded[locale] as Record<string, string> | undefined)?.[key] ?? (loadedStatic[locale] as Record<string, string> | undefined)?.[key];

if (typeof document !== 'undefined') await loadCatalogue(currentLocale());
else await loadCatalogue(DEFAULT_LOCALE);

/** Fills `{name}` placeholders from vars. */
export function fill(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in vars ? String(vars[name]) : placeholder));
}

/** The UI text for a key in a given locale (on the server, where every catalogue is loaded by the middleware). */
export function tIn(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  if (!loaded[locale]) throw new Error(`The ${locale} catalogue is not loaded: await loadCatalogue('${locale}') first.`);
  return fill(lookup(locale, key) ?? key, vars);
}

/** The UI text for a key in the page's language; `{name}` placeholders are filled from vars. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const locale = loaded[currentLocale()] ? currentLocale() : DEFAULT_LOCALE;
  if (!loaded[locale]) throw new Error(`The ${locale} catalogue is not loaded: await loadCatalogue('${locale}') first.`);
  return fill(lookup(locale, key) ?? key, vars);
}
