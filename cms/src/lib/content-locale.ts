// Editors' content in the reader's language (issue 39): the translation asked for when an editor wrote one, else
// the English marked `fallback: true`, so the site shows its "not translated yet" notice.
import { DEFAULT_LOCALE, type Locale, type ServedLocale } from '@writory/shared';

/** How an item asked for in `asked` was served: in that locale, or in English for want of a translation. */
export function servedAs(asked: Locale, translated: boolean): ServedLocale {
  return translated || asked === DEFAULT_LOCALE ? { locale: asked, fallback: false } : { locale: DEFAULT_LOCALE, fallback: true };
}

/** One item in `asked` when it has that translation, else in English; null when neither exists. */
export async function oneInLocale<T extends object>(asked: Locale, read: (locale: Locale) => Promise<T | null>): Promise<(T & ServedLocale) | null> {
  if (asked !== DEFAULT_LOCALE) {
    const translated = await read(asked);
    if (translated) return { ...translated, ...servedAs(asked, true) };
  }
  const english = await read(DEFAULT_LOCALE);
  return english ? { ...english, ...servedAs(asked, false) } : null;
}

/**
 * A list in `asked`: the English list decides which items show and in what order (the same on every locale's
 * page); each is replaced by its translation where one exists (`translations` of those document ids).
 */
export async function listInLocale<T extends { documentId: string }>(
  asked: Locale,
  english: T[],
  translations: (documentIds: string[], locale: Locale) => Promise<T[]>,
): Promise<(T & ServedLocale)[]> {
  const translated =
    asked === DEFAULT_LOCALE || english.length === 0
      ? new Map<string, T>()
      : new Map(
          (
            await translations(
              english.map((item) => item.documentId),
              asked,
            )
          ).map((item) => [item.documentId, item]),
        );
  return english.map((item) => {
    const translation = translated.get(item.documentId);
    return translation ? { ...translation, ...servedAs(asked, true) } : { ...item, ...servedAs(asked, false) };
  });
}
