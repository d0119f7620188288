import { localeFromAcceptLanguage } from '@writory/shared';
import { inLocale } from '../lib/messages';

/**
 * The language of everything the cms says to this request's reader (ApiError messages, field messages, "Try again
 * in…"): the `Accept-Language` the site sends with its page's locale, until the auth strategy finds a signed-in
 * person whose profile names a language (src/lib/messages). First in the list, so every error is said in it.
 */
export default () => (ctx: { get(header: string): string }, next: () => Promise<unknown>) =>
  inLocale(localeFromAcceptLanguage(ctx.get('accept-language')), next);
