// What a built page refers to, read from its HTML (Astro's output is regular enough for patterns).

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const hasAttr = (tag, name) => new RegExp(`\\s${name}(\\s|=|>|/)`).test(tag);

/**
 * Islands whose directive waits for something a visitor who is not signed in never does on load: Writory's
 * `client:signed-in` (hydrates for signed-in people) and `client:on` (hydrates on a window event, e.g. a toast).
 */
export const CONDITIONAL_DIRECTIVES = new Set(['signed-in', 'on']);

/** What the HTML refers to: stylesheets, external and inline scripts, islands and their modules. */
export function scanHtml(html) {
  const tags = (re) => [...html.matchAll(re)].map((m) => m[0]);
  const stylesheets = tags(/<link\b[^>]*>/g)
    .filter((t) => attr(t, 'rel') === 'stylesheet')
    .map((t) => attr(t, 'href'));
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const external = scripts.filter((m) => hasAttr(m[0].slice(0, m[0].indexOf('>') + 1), 'src'));
  const inline = scripts.filter((m) => !hasAttr(`<s ${m[1]}>`, 'src') && !/type="application\/(ld\+)?json"/.test(m[1]));
  const islands = tags(/<astro-island\b[^>]*>/g);
  const pageModules = [
    ...external.filter((m) => attr(`<s ${m[1]}>`, 'type') === 'module').map((m) => attr(`<s ${m[1]}>`, 'src')),
    ...tags(/<link\b[^>]*>/g)
      .filter((t) => attr(t, 'rel') === 'modulepreload')
      .map((t) => attr(t, 'href')),
  ];
  const islandModules = (list) => list.flatMap((t) => [attr(t, 'component-url'), attr(t, 'renderer-url'), attr(t, 'before-hydration-url')]).filter(Boolean);
  const modules = [...pageModules, ...islandModules(islands)];
  const visitorModules = [...pageModules, ...islandModules(islands.filter((t) => !CONDITIONAL_DIRECTIVES.has(attr(t, 'client'))))];
  const blockingScripts = external.filter((m) => {
    const open = `<s ${m[1]}>`;
    return attr(open, 'type') !== 'module' && !hasAttr(open, 'async') && !hasAttr(open, 'defer');
  });
  return {
    stylesheets,
    classicScripts: external.filter((m) => attr(`<s ${m[1]}>`, 'type') !== 'module').map((m) => attr(`<s ${m[1]}>`, 'src')),
    modules: [...new Set(modules)],
    visitorModules: [...new Set(visitorModules)],
    inlineJsBytes: inline.reduce((sum, m) => sum + Buffer.byteLength(m[2]), 0),
    islands: islands.length,
    blockingScripts: blockingScripts.length,
  };
}
