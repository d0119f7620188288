import { useStore } from '@nanostores/react';
import { t } from '../../i18n/t';
import { $authStatus, wasSignedIn } from '../../stores/auth';
import { useHydrated } from './useHydrated';
import { localHref } from '../../i18n/paths';

/**
 * The next step on a page anyone may land on from an email link: "Sign in" for a visitor, and for someone who
 * is already signed in a way on to their profile instead (asking them to sign in again would be wrong). Both in the
 * page's language: `signInHref` is the English path (`/auth?email=…`), shown as `/hi/auth?email=…` on a Hindi page.
 */
export default function SignInOrContinue({ signInHref = '/auth', signInLabel = t('emailAction.signIn') }: { signInHref?: string; signInLabel?: string }) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const signedIn = hydrated && (status === 'signed-in' || (status === 'loading' && wasSignedIn()));
  if (signedIn) {
    return (
      <a className="btn btn-default" href={localHref('/profile')} data-testid="continue-signed-in">
        {t('account.continueToProfile')}
      </a>
    );
  }
  return (
    <a className="btn btn-default" href={localHref(signInHref)}>
      {signInLabel}
    </a>
  );
}
