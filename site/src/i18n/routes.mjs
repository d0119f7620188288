// Astro integration: every page of src/pages also exists under each non-default locale (`/hi/about`, `/ar/about`),
// built from the same .astro file; the middleware renders it in that locale. English keeps its URLs.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pages that stay English-only: the 404 page (one for the whole site), feeds, and Firebase's fixed action path. */
const UNLOCALIZED = /^(404|rss\.xml|\[authPrefix\]\/.*)$/;

/** The route patterns of src/pages (`about`, `articles/[slug]`, `` for the home page) with their files. */
export function pageRoutes(pagesDir) {
  const files = readdirSync(pagesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
    .map((entry) => join(entry.parentPath, entry.name));
  return files
    .map((file) => ({
      file,
      route: relative(pagesDir, file)
        .replaceAll('\\', '/')
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, ''),
    }))
    .filter(({ route }) => !UNLOCALIZED.test(route));
}

/** @param {{ locales: readonly string[]; defaultLocale: string }} options @returns {import('astro').AstroIntegration} */
export default function localizedPages({ locales, defaultLocale }) {
  return {
    name: 'writory-localized-pages',
    hooks: {
      'astro:config:setup': ({ config, injectRoute }) => {
        const pagesDir = fileURLToPath(new URL('./pages', config.srcDir));
        for (const locale of locales.filter((l) => l !== defaultLocale)) {
          for (const { file, route } of pageRoutes(pagesDir)) {
            injectRoute({ pattern: `/${locale}${route ? `/${route}` : ''}`, entrypoint: file });
          }
        }
      },
    },
  };
}
