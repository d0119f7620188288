// The shared schemas' field messages in the page's language (issue 39). The schemas keep their English words (the
// cms parses with them and its tests read them); a form's check finds the English template in
// i18n/schema-words.en.ts and says it from the page's language's table, loaded with the schema on a form's first
// check. A message not listed stays as the schema wrote it.
import type { Locale } from '@writory/shared';
import { currentLocale } from '../i18n/t';
import type { schemaWordsEn } from '../i18n/schema-words.en';

type SchemaKey = keyof typeof schemaWordsEn;
type Words = Record<SchemaKey, string>;

const TABLES: Record<Locale, () => Promise<Words>> = {
  en: () => import('../i18n/schema-words.en').then((m) => m.schemaWordsEn),
  hi: () => import('../i18n/schema-words.hi').then((m) => m.schemaWordsHi),
  ar: () => import('../i18n/schema-words.ar').then((m) => m.schemaWordsAr),
};

/** An English template as a pattern, its `{placeholders}` captured by name. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, (_whole, name: string) => `(?<${name}>.+?)`)}$`, 's');
}

let english: { key: SchemaKey; pattern: RegExp }[] | null = null;
const loaded: Partial<Record<Locale, Words>> = {};

/** Loads English's templates and the page's language's words (once each). */
export async function loadSchemaWords(locale: Locale = currentLocale()): Promise<void> {
  if (!english) {
    const templates = await TABLES.en();
    english = (Object.entries(templates) as [SchemaKey, string][]).map(([key, template]) => ({ key, pattern: patternOf(template) }));
  }
  loaded[locale] ??= await TABLES[locale]();
}

/** A schema's English message in the page's language (after loadSchemaWords); itself when it is not listed. */
export function schemaMessage(message: string, locale: Locale = currentLocale()): string {
  const words = loaded[locale];
  if (locale === 'en' || !words || !english) return message;
  for (const { key, pattern } of english) {
    const match = pattern.exec(message);
    if (match) return words[key].replace(/\{(\w+)\}/g, (whole, name: string) => match.groups?.[name] ?? whole);
  }
  return message;
}
