// The browser's catalogues in parts (issue 39: at most 100 KB of JavaScript on any page). The server reads each
// locale's whole catalogue (en.ts, hi.ts, ar.ts); the browser loads `virtual:writory-catalogue/<locale>-<part>`,
// made here from the same catalogue at build time: `core` on every page, `staff` (the admin tools' and the judging
// desk's words, about a quarter of the catalogue) only on pages whose `<html data-catalogue-parts>` names it (the
// Admin layout). A key belongs to a part by its prefix; a new prefix is `core` unless listed here, so a page never
// misses a key by default. The e2e raw-key check opens every page in Hindi and Arabic and finds a misplaced one.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Key prefixes only the staff pages read. */
export const STAFF_PREFIXES = ['admin.', 'data.', 'judging.', 'resultsCsv.', 'settings.', 'writer.'];
export const CATALOGUE_PARTS = ['core', 'staff'];
/** The part a key is loaded with in the browser. */
export const partOf = (key) => (STAFF_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'staff' : 'core');

const VIRTUAL = 'virtual:writory-catalogue/';
const i18nDir = fileURLToPath(new URL('.', import.meta.url));

/** A locale's whole catalogue, read from its TypeScript source (bundled with its feature files). */
async function catalogueOf(locale, watch) {
  const result = await build({
    entryPoints: [resolve(i18nDir, `${locale}.ts`)],
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
  for (const input of Object.keys(result.metafile.inputs)) watch(resolve(input));
  const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
  return module[locale];
}

/** The Vite plugin that serves `virtual:writory-catalogue/<locale>-<part>` as a module exporting that part. */
export default function catalogueParts() {
  return {
    name: 'writory-catalogue-parts',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      const [locale, part] = id.slice(VIRTUAL.length + 1).split('-');
      if (!CATALOGUE_PARTS.includes(part)) throw new Error(`${id}: no catalogue part "${part}" (${CATALOGUE_PARTS.join(', ')})`);
      const catalogue = await catalogueOf(locale, (file) => this.addWatchFile(file));
      const entries = Object.entries(catalogue).filter(([key]) => partOf(key) === part);
      return `export default ${JSON.stringify(Object.fromEntries(entries))};`;
    },
  };
}
