import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { RoleType } from '@writory/shared';
import { t } from '../i18n/t';
import { pagesFor } from '../lib/admin-pages';
import { audienceOf, roleInWords } from '../lib/admin-words';
import { $authStatus, $loggingOut } from '../stores/auth';
import { $productUser, $productUserState } from '../stores/product-user';
import { useHydrated } from '../components/react/useHydrated';
import { localHref } from '../i18n/paths';

/**
 * Sends visitors to /auth. A signed-in person whose role may not open the page reads who it is for, with a way
 * back, instead of the page (hidden: `[data-admin-content]`). Only a courtesy: the server refuses the data anyway.
 */
export default function AdminGuard({ roles = ['admin'] }: { roles?: RoleType[] }) {
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const userState = useStore($productUserState);
  const loggingOut = useStore($loggingOut);
  // Nothing on the first render, as on the server, even if the role is known by the time the island hydrates.
  const hydrated = useHydrated();
  const known = hydrated && status === 'signed-in' && (userState === 'synced' || userState === 'fallback');
  const refused = known && !loggingOut && !(user && roles.includes(user.role));

  useEffect(() => {
    if (!loggingOut && status === 'signed-out') window.location.replace(localHref(`/auth?${new URLSearchParams({ next: window.location.pathname })}`));
  }, [status, loggingOut]);

  useEffect(() => {
    const content = document.querySelector<HTMLElement>('[data-admin-content]');
    if (content) content.hidden = refused;
  }, [refused]);

  if (!refused) return null;
  const role: RoleType = user?.role ?? 'authenticated';
  const own = pagesFor(role)[0];
  return (
    <section
      role="alert"
      aria-labelledby="admin-refused-title"
      className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="admin-refused"
    >
      <h2 id="admin-refused-title" className="text-xl font-bold">
        {t('admin.notForYou', { audience: audienceOf(roles) })}
      </h2>
      <p>{t('admin.notForYouBody', { role: roleInWords(role) })}</p>
      <p className="flex flex-wrap gap-3">
        {own && (
          <a className="btn btn-default" href={localHref(`/${own.slug}`)}>
            {t('admin.yourPages')}
          </a>
        )}
        <a className={own ? 'btn btn-outline' : 'btn btn-default'} href={localHref('/')}>
          {t('admin.backHome')}
        </a>
      </p>
    </section>
  );
}
