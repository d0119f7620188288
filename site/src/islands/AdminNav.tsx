import { useStore } from '@nanostores/react';
import { t } from '../i18n/t';
import { pagesFor } from '../lib/admin-pages';
import { pageLabel } from '../lib/admin-words';
import { $productUser, $productUserState } from '../stores/product-user';
import { useHydrated } from '../components/react/useHydrated';
import { localHref } from '../i18n/paths';

/** The staff navigation: only the pages the signed-in person's role may open (the server checks again). */
export default function AdminNav({ current }: { current: string }) {
  // The first render matches the server's placeholder even if the role is known by the time the island hydrates.
  const hydrated = useHydrated();
  const user = useStore($productUser);
  const userState = useStore($productUserState);
  const pages = pagesFor(user?.role);
  // Holds the navigation's place until the role is known, so the page does not jump.
  if (!hydrated || (!user && userState !== 'synced' && userState !== 'fallback')) return <div className="shrink-0 md:w-60" aria-hidden="true" />;
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t('nav.admin')} className="shrink-0 md:w-60" data-testid="admin-nav">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {pages.map((page) => (
          <li key={page.slug}>
            <a
              href={localHref(`/${page.slug}`)}
              aria-current={current === page.slug ? 'page' : undefined}
              className="block whitespace-nowrap rounded px-3 py-2 text-sm hover:bg-parchment aria-[current=page]:bg-quill aria-[current=page]:text-white"
            >
              {pageLabel(page)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
