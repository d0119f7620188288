// For the islands' locale tests (issue 39): what an island shows in English on a Hindi or Arabic page. The tests give
// islands names, titles and poems in Devanagari or Arabic script, so any Latin word left is interface text that did
// not go through t() (brand names and codes aside).
import { loadCatalogue } from '../i18n/t';
import { LANGUAGES } from '@writory/shared';
import { WALL_LANGUAGES } from '../lib/wall';

/** Names and codes that stay in Latin script in every language (glossary.md), and currency codes. */
const SAME_EVERYWHERE = new Set(['Writory', 'PayPal', 'UPI', 'IFSC', 'SWIFT', 'BIC', 'IBAN', 'PDF', 'WhatsApp', 'Google', 'Stripe', 'QR', 'CSV']);
/** Languages' names in their own script ("français", "Tiếng Việt"), which the wall's language lists show. */
const OWN_NAMES = new Set(
  [
    ...LANGUAGES.map((language) => language.native),
    ...WALL_LANGUAGES.map((tag) => {
      try {
        return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? '';
      } catch {
        return '';
      }
    }),
  ].flatMap((name) => name.toLowerCase().split(/\s+/)),
);
const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'value'];

/** Shows the page in a language, as the browser does: its catalogue loaded, `<html lang dir>` set. */
export async function showPageIn(lang: 'en' | 'hi' | 'ar'): Promise<void> {
  await loadCatalogue(lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

/** Every text and read attribute under `root` that has a Latin word which is not a name or a code. */
export function englishIn(root: ParentNode = document.body): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Scripts, styles and what nobody reads (aria-hidden, such as a form's honeypot for bots) are not interface text.
    if (node.parentElement?.closest('script, style, [aria-hidden="true"]')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of (root as Element).querySelectorAll('*')) {
    for (const name of READ_ATTRIBUTES) {
      if (name === 'value' && !(element instanceof HTMLButtonElement)) continue;
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  const english = (word: string) => !SAME_EVERYWHERE.has(word) && !OWN_NAMES.has(word.toLowerCase()) && !/^[A-Z0-9]+$/.test(word);
  // E-mail addresses, codes with digits (HDFC0001234, WR-7K2), file extensions (.pdf) are examples, not words.
  return texts.filter((text) =>
    (text.replace(/\S*[@\d]\S*|\.[a-z]+\b/g, ' ').match(/[A-Za-z\u00C0-\u024F\u1E00-\u1EFF][A-Za-z\u00C0-\u024F\u1E00-\u1EFF’']+/g) ?? []).some(english),
  );
}
