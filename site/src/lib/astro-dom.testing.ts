// For tests of components that are static HTML plus a small script: renders the real .astro component with Astro's
// container API (in Node, where .astro files compile for the server) into a jsdom page that stands in for the browser.
// Files using it start with `// @vitest-environment node`.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { vi } from 'vitest';

const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'Event', 'CustomEvent', 'KeyboardEvent', 'MouseEvent', 'HTMLElement'] as const) {
  vi.stubGlobal(name, dom.window[name]);
}

/** The component's HTML as the build writes it. */
export async function renderAstro(component: Parameters<AstroContainer['renderToString']>[0]): Promise<string> {
  return (await AstroContainer.create()).renderToString(component);
}

/** Puts the component's HTML (and `extra` markup after it) into the page's body. */
export async function mountAstro(component: Parameters<AstroContainer['renderToString']>[0], extra = ''): Promise<Document> {
  document.body.innerHTML = `${await renderAstro(component)}${extra}`;
  return document;
}
