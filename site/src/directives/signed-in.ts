import type { ClientDirective } from 'astro';
import { SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../lib/signed-in-hint';

/**
 * `client:signed-in`: hydrates the island only for someone signed in, so a visitor's page loads neither React nor
 * Firebase for it. At load it waits for the browser to be idle when the last page saw someone signed in (the hint in
 * localStorage); otherwise it waits for a sign-in on this page (another island's `SIGNED_IN_EVENT`) or in another
 * tab (the hint appearing). The island's server HTML (the Login link) stays until then.
 */
const signedIn: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    await (await load())();
  };
  let hinted = false;
  try {
    hinted = localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    // Storage refused (privacy settings): wait for a sign-in event.
  }
  if (hinted) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
    return;
  }
  window.addEventListener(SIGNED_IN_EVENT, () => void hydrate(), { once: true });
  window.addEventListener('storage', (event) => {
    if (event.key === SIGNED_IN_HINT_KEY && event.newValue === '1') void hydrate();
  });
};

export default signedIn;
