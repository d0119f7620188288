// A signed-in poet's interface language lives on their profile too (issue 39), so the cms's messages and emails
// use it: when the poet has chosen the language of the page they are reading (the switcher remembers it) and their
// profile says another, the profile is updated. A cms that does not keep a language yet sends none back: then
// nothing is sent. A page opened in another language from a link, without choosing it, changes nothing.
import type { Locale } from '@writory/shared';
import { saveMyLocale } from '../api/users';
import { rememberedLocale } from '../i18n/choice';
import { currentLocale } from '../i18n/t';
import { $productUser } from './product-user';

let saving: Locale | null = null;

/** Keeps the signed-in poet's profile language in step with the language they chose; returns the unsubscribe. */
export function keepProfileLocale(): () => void {
  return $productUser.subscribe((user) => {
    const locale = currentLocale();
    const stored = (user as { locale?: Locale } | null)?.locale;
    if (!user || stored === undefined || stored === locale || saving === locale) return;
    if (rememberedLocale(document) !== locale) return;
    saving = locale;
    saveMyLocale(locale)
      .then((updated) => $productUser.set(updated))
      .catch((error: unknown) => console.warn('Could not store the chosen language on the profile', error))
      .finally(() => {
        saving = null;
      });
  });
}
