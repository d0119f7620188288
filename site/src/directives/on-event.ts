import type { ClientDirective } from 'astro';

/**
 * `client:on="<event>"`: hydrates the island the first time `<event>` is dispatched on window, e.g. the toaster on the
 * first toast. Until then the page loads nothing for it. The island must render its server HTML on its first client
 * render (read live stores only once hydrated) and then show what the event announced.
 */
const onEvent: ClientDirective = (load, options) => {
  const name = String(options.value);
  window.addEventListener(name, async () => (await load())(), { once: true });
};

export default onEvent;
