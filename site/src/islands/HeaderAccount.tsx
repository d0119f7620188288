import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/t';
import Avatar from '../components/react/Avatar';
import { useHydrated } from '../components/react/useHydrated';
import { displayNameOf } from '../lib/display-name';
import { $authStatus, $identity, logout, wasSignedIn } from '../stores/auth';
import { staffHomeOf } from '../lib/staff-home';
import { $productUser } from '../stores/product-user';
import { keepProfileLocale } from '../stores/locale-preference';
import NotificationBell from './NotificationBell';
import { localHref } from '../i18n/paths';

/** The header's account corner: Login for visitors; the notification bell and the profile menu once signed in. */
export default function HeaderAccount() {
  const hydrated = useHydrated();
  const liveStatus = useStore($authStatus);
  const identity = useStore($identity);
  const productUser = useStore($productUser);
  // The server HTML shows Login; the first client render must too, whatever the stores know by then.
  const status = hydrated ? liveStatus : 'loading';
  const hinted = hydrated && wasSignedIn();
  useEffect(keepProfileLocale, []);

  if (status === 'signed-in' && identity) {
    const name = displayNameOf(productUser, identity);
    return (
      <div className="flex items-center gap-1 sm:gap-2" data-testid="header-account">
        <NotificationBell />
        <ProfileMenu
          name={name}
          email={productUser?.email || identity.email || ''}
          pictureUrl={productUser?.profilePictureUrl ?? identity.photoURL}
          staffHome={staffHomeOf(productUser?.role)}
          isAdmin={productUser?.isAdmin === true}
        />
      </div>
    );
  }
  if (status === 'loading' && hinted) {
    // Someone was signed in on the last page: hold the place of the bell and avatar instead of flashing "Login".
    return (
      <div className="flex items-center gap-2" aria-hidden="true" data-testid="header-account-placeholder">
        <span className="h-10 w-10 animate-pulse rounded-full bg-parchment" />
        <span className="h-10 w-10 animate-pulse rounded-full bg-parchment" />
      </div>
    );
  }
  return (
    <a href={localHref('/auth')} className="btn btn-default btn-sm" data-testid="login-button">
      {t('nav.login')}
    </a>
  );
}

/** Closes a popup on a click outside `ref` or on Escape (focus then returns to the button that opened it). */
function useDismiss(open: boolean, close: (refocus: boolean) => void, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, ref]);
}

interface ProfileMenuProps {
  name: string;
  email: string;
  pictureUrl: string | null | undefined;
  /** The first staff page the role may open; null for poets. */
  staffHome: string | null;
  isAdmin: boolean;
}

/** A menu button (WAI-ARIA pattern): arrows, Home and End move between items; Escape and Tab close it. */
function ProfileMenu({ name, email, pictureUrl, staffHome, isAdmin }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const close = useRef((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }).current;
  useDismiss(open, close, wrapper);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, focusOnOpen]);

  const openAt = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') openAt('first');
    else if (event.key === 'ArrowUp') openAt('last');
    else return;
    event.preventDefault();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const itemClass = 'block w-full px-4 py-2.5 text-start text-sm hover:bg-parchment focus:bg-parchment focus:outline-none';
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        className="flex items-center rounded-full p-0.5 hover:ring-2 hover:ring-parchment"
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        data-testid="profile-menu-button"
      >
        <Avatar name={name} pictureUrl={pictureUrl} className="h-9 w-9 text-sm" />
      </button>
      <div hidden={!open} className="absolute end-0 z-50 mt-2 w-56 rounded-md border border-stone-200 bg-white py-1 shadow-lg">
        <div className="border-b border-stone-200 px-4 py-2">
          <p className="text-xs text-ink-soft">{t('account.signedInAs')}</p>
          <p className="truncate text-sm font-semibold" data-testid="profile-menu-name">
            {name}
          </p>
          {email && <p className="truncate text-xs text-ink-soft">{email}</p>}
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu pattern, keys handled by onMenuKey */}
        <ul ref={menu} id={menuId} role="menu" aria-label={t('account.menu')} onKeyDown={onMenuKey}>
          <li role="none">
            <a role="menuitem" tabIndex={-1} href={localHref('/profile')} className={itemClass}>
              {t('account.profile')}
            </a>
          </li>
          {staffHome && (
            <li role="none">
              <a role="menuitem" tabIndex={-1} href={localHref(`/${staffHome}`)} className={itemClass}>
                {isAdmin ? t('account.adminDashboard') : t('account.staffPages')}
              </a>
            </li>
          )}
          <li role="none">
            <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => void logout()}>
              {t('account.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
