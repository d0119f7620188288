import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import SignInOrContinue from '../components/react/SignInOrContinue';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';

/**
 * /email-verified: names the verified address (?email=…) and offers the next step: sign in (the address
 * prefilled) for a visitor, on to the profile for someone already signed in.
 */
export default function EmailVerified() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const [email, setEmail] = useState('');
  useEffect(() => setEmail(new URLSearchParams(window.location.search).get('email') ?? ''), []);

  const signedIn = hydrated && status === 'signed-in';
  const text = signedIn
    ? email
      ? t('emailVerified.signedInWithEmail', { email })
      : t('emailVerified.signedIn')
    : email
      ? t('emailVerified.bodyWithEmail', { email })
      : t('emailVerified.body');
  return (
    <>
      <p data-testid="email-verified-text">{text}</p>
      <SignInOrContinue signInHref={email ? `/auth?${new URLSearchParams({ email })}` : '/auth'} signInLabel={t('emailVerified.signIn')} />
    </>
  );
}
