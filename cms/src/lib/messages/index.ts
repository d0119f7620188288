// The words the cms says to a person, in the reader's language (issue 39). Each message has a key; English
// (`en.ts`) holds today's wording, `hi.ts` and `ar.ts` the same keys in Hindi and Arabic. A placeholder is
// `{name}`; `{count|one:a poem|other:# poems}` picks the plural form of `count` in the locale (Intl.PluralRules,
// `#` is the number); `{month|month}` names a contest month ("2026-11") and `{on|day}` a day, in the locale. The
// locale is the request's (set by the request-locale middleware from Accept-Language, then
// from the signed-in person's profile); outside a request it is English unless a caller runs in one (`inLocale`).
// This module loads nothing of Strapi: the worker pool's threads use it through client-error.ts.
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@writory/shared';
import { ar } from './ar';
import { en, type MessageKey } from './en';
import { hi } from './hi';

export type { MessageKey };
export { en };

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, hi, ar };

type Value = string | number | Message;
export type MessageVars = Record<string, Value>;

/** A message not yet put into words: its key and its values (themselves messages, put into the same language). */
export interface Message {
  readonly key: MessageKey;
  readonly vars: MessageVars;
}

export const msg = (key: MessageKey, vars: MessageVars = {}): Message => ({ key, vars });

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).key === 'string' && (value as Message).key in en;

const requestLocale = new AsyncLocalStorage<{ locale: Locale }>();

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language of the current request (or `inLocale` call); English elsewhere. */
export function currentLocale(): Locale {
  return requestLocale.getStore()?.locale ?? DEFAULT_LOCALE;
}

/** Runs `fn` with `locale` as the current language (a request, or an email to one person). */
export function inLocale<T>(locale: Locale, fn: () => T): T {
  return requestLocale.run({ locale }, fn);
}

/** The signed-in person's stored language replaces the header's for the rest of the request. */
export function preferLocale(locale: unknown): void {
  const store = requestLocale.getStore();
  if (store && isLocale(locale)) store.locale = locale;
}

const PLACEHOLDER = /\{(\w+)(?:\|([^{}]*))?\}/g;

function plural(locale: Locale, count: number, forms: string): string {
  const variants = new Map(
    forms.split('|').map((form) => {
      const colon = form.indexOf(':');
      return [form.slice(0, colon).trim(), form.slice(colon + 1)] as const;
    }),
  );
  const category = new Intl.PluralRules(locale).select(count);
  const chosen = variants.get(category) ?? variants.get('other') ?? '';
  return chosen.replace(/#/g, String(count));
}

/** The message in words, in `locale` (the current one unless told). */
export function say(message: Message | MessageKey, locale: Locale = currentLocale()): string {
  const { key, vars } = typeof message === 'string' ? msg(message) : message;
  const template = CATALOGUES[locale][key] ?? en[key];
  return template.replace(PLACEHOLDER, (whole, name: string, forms: string | undefined) => {
    const value = vars[name];
    if (value === undefined) return whole;
    if (forms === 'month') return monthIn(String(value), locale);
    if (forms === 'day') return dayIn(String(value), locale);
    if (forms !== undefined) return plural(locale, Number(value), forms);
    return typeof value === 'object' ? say(value, locale) : String(value);
  });
}

/** A contest month ("2026-11") as `locale` names it ("November 2026", "नवंबर 2026", "نوفمبر 2026"). */
export function monthIn(month: string, locale: Locale = currentLocale()): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
}

/** A day ("2027-03-05" or an ISO time) as `locale` writes it ("5 March 2027", "5 मार्च 2027", "5 مارس 2027"). */
export function dayIn(day: string, locale: Locale = currentLocale()): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(day));
}

/** The placeholder names a template uses (for the catalogue test). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();
}
