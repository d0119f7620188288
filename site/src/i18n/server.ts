// Server only (imported by src/middleware.ts): the locale of the page being rendered, per request, so pages
// built or served at the same time never read each other's language.
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOCALES, type Locale } from '@writory/shared';
import { loadCatalogue, SERVER_LOCALE } from './t';

const pageLocale = new AsyncLocalStorage<Locale>();
(globalThis as { [SERVER_LOCALE]?: () => Locale | undefined })[SERVER_LOCALE] = () => pageLocale.getStore();

/** Renders with `locale` as the page's language (every catalogue loaded first: the language switcher and the
 * first-visit suggestion speak each language in its own words). */
export async function renderInLocale<T>(locale: Locale, render: () => Promise<T>): Promise<T> {
  await Promise.all(LOCALES.map(loadCatalogue));
  return pageLocale.run(locale, render);
}
