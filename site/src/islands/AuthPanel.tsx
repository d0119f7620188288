import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/t';
import Field, { focusFirstProblem } from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { authErrorCode, authErrorMessage, messageForAuthError } from '../lib/auth-errors';
import { credentialProblems, safeNextPath } from '../lib/auth-validation';
import { displayNameOf } from '../lib/display-name';
import {
  $authStatus,
  $identity,
  $redirectErrorCode,
  STORAGE_KEYS,
  logout,
  prepareSignIn,
  requestPasswordReset,
  signInWithEmail,
  signInWithGoogle,
  signInWithGoogleRedirect,
  signUpWithEmail,
} from '../stores/auth';
import { localHref } from '../i18n/paths';

type View = 'signin' | 'signup' | 'reset';
const VIEWS: View[] = ['signin', 'signup', 'reset'];
const TITLES = { signin: 'auth.signIn.title', signup: 'auth.signUp.title', reset: 'auth.reset.title' } as const;
type FieldErrors = Partial<Record<'email' | 'password' | 'confirm', string>>;
/** Provider errors that are about one field are shown on that field. */
const FIELD_OF_CODE: Record<string, keyof FieldErrors> = {
  'auth/invalid-email': 'email',
  'auth/email-already-in-use': 'email',
  'auth/weak-password': 'password',
  'auth/password-does-not-meet-requirements': 'password',
};

/** /auth: Google, email sign-in, sign-up with verification, and the password reset request. */
export default function AuthPanel() {
  // Until React runs, a submit would post the form natively: the buttons stay off until then.
  const ready = useHydrated();
  const status = useStore($authStatus);
  const identity = useStore($identity);
  const redirectErrorCode = useStore($redirectErrorCode);

  const [view, setView] = useState<View>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [offerRedirect, setOfferRedirect] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef<'heading' | 'notice' | null>(null);

  // The URL says which view to open and which email to prefill (after verification or a reset).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const requested = params.get('view') as View | null;
    if (requested && VIEWS.includes(requested)) setView(requested);
    // Only into an empty field: on a slow phone the person may already have typed their address.
    setEmail((typed) => typed || (params.get('email') ?? localStorage.getItem(STORAGE_KEYS.signupEmail) ?? ''));
  }, []);

  useEffect(() => {
    if (redirectErrorCode) setFormError(authErrorMessage(redirectErrorCode));
  }, [redirectErrorCode]);

  // After a failed submit, focus goes to the first invalid field, or to the form's alert.
  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);

  useEffect(() => {
    if (moveFocus.current === 'heading') heading.current?.focus();
    if (moveFocus.current === 'notice') noticeRef.current?.focus();
    moveFocus.current = null;
  }, [view, notice]);

  const next = () => safeNextPath(new URLSearchParams(window.location.search).get('next'));
  // Onwards in the language of this page (a `next` from another language's page follows the reader's choice here).
  const leave = (path: string) => window.location.assign(localHref(path));

  const showProblems = (fields: FieldErrors, message: string | null = null) => {
    setFieldErrors(fields);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const switchTo = (target: View) => {
    setView(target);
    setFieldErrors({});
    setFormError(null);
    setNotice(null);
    setPassword('');
    setConfirm('');
    moveFocus.current = 'heading';
    const url = new URL(window.location.href);
    if (target === 'signin') url.searchParams.delete('view');
    else url.searchParams.set('view', target);
    window.history.replaceState(null, '', url);
  };

  const google = () => {
    setFormError(null);
    setOfferRedirect(false);
    setBusy(true);
    // No await before this call: the popup must open inside the click.
    signInWithGoogle().then(
      () => leave(next()),
      (error: unknown) => {
        setBusy(false);
        setOfferRedirect(authErrorCode(error) === 'auth/popup-blocked');
        showProblems({}, messageForAuthError(error));
      },
    );
  };

  const googleRedirect = () => {
    setBusy(true);
    signInWithGoogleRedirect().catch((error: unknown) => {
      setBusy(false);
      showProblems({}, messageForAuthError(error));
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const problems = credentialProblems(view, { email, password, confirm });
    if (Object.keys(problems).length) {
      return showProblems(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    }
    setFieldErrors({});
    setFormError(null);
    setBusy(true);
    const address = email.trim();
    try {
      if (view === 'signin') {
        const user = await signInWithEmail(address, password);
        // Unverified accounts go to their profile, where the verification email can be sent again.
        return leave(user.emailVerified ? next() : '/profile');
      }
      let message: string;
      if (view === 'signup') {
        const { verificationSent } = await signUpWithEmail(address, password);
        message = verificationSent ? t('auth.signUp.sent', { email: address }) : t('auth.signUp.notSent');
        setView('signin');
        setPassword('');
        setConfirm('');
      } else {
        await requestPasswordReset(address);
        message = t('auth.reset.sent', { email: address });
      }
      moveFocus.current = 'notice';
      setNotice(message);
      setBusy(false);
    } catch (error) {
      setBusy(false);
      const message = messageForAuthError(error);
      const field = FIELD_OF_CODE[authErrorCode(error) ?? ''];
      showProblems(field ? { [field]: message } : {}, field ? null : message);
    }
  };

  const fieldProps = (field: keyof FieldErrors, value: string, set: (value: string) => void) => ({
    value,
    error: fieldErrors[field] ?? null,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value);
      if (fieldErrors[field]) setFieldErrors({ ...fieldErrors, [field]: undefined });
    },
  });

  if (ready && status === 'signed-in' && identity && !busy) {
    return (
      <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-6" data-testid="auth-signed-in">
        <p>{t('auth.alreadySignedIn', { name: displayNameOf(null, identity) })}</p>
        <div className="flex flex-wrap gap-3">
          <a className="btn btn-default" href={localHref('/profile')}>
            {t('auth.goToProfile')}
          </a>
          <button type="button" className="btn btn-outline" onClick={() => void logout()}>
            {t('account.logout')}
          </button>
        </div>
      </div>
    );
  }

  return (
    // Firebase loads with the first sign of a sign-in (pointer, touch or focus), not for every visitor of /auth.
    <div
      className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="auth-panel"
      onPointerEnter={prepareSignIn}
      onPointerDownCapture={prepareSignIn}
      onFocusCapture={prepareSignIn}
    >
      <Notice innerRef={noticeRef} className="mb-6">
        {notice}
      </Notice>
      <div className="space-y-6">
        {view !== 'reset' && (
          <div className="space-y-3">
            <button type="button" className="btn btn-outline w-full border-stone-400 text-ink" onClick={google} disabled={busy || !ready}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
                <path
                  fill="#EA4335"
                  d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
                />
                <path
                  fill="#4285F4"
                  d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
                />
                <path
                  fill="#FBBC05"
                  d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
                />
                <path
                  fill="#34A853"
                  d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
                />
              </svg>
              {t('auth.google')}
            </button>
            {offerRedirect && (
              <button type="button" className="btn btn-link w-full" onClick={googleRedirect} disabled={busy}>
                {t('auth.googleRedirect')}
              </button>
            )}
            <p className="flex items-center gap-3 text-xs uppercase tracking-widest text-ink-soft" aria-hidden="true">
              <span className="h-px flex-1 bg-stone-300" />
              {t('auth.or')}
              <span className="h-px flex-1 bg-stone-300" />
            </p>
          </div>
        )}

        <form ref={form} method="post" noValidate onSubmit={submit} className="space-y-4" aria-labelledby="auth-view-title" data-testid={`auth-form-${view}`}>
          <h2 id="auth-view-title" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
            {t(TITLES[view])}
          </h2>
          {view === 'reset' && <p className="text-sm text-ink-soft">{t('auth.reset.intro')}</p>}
          <FormAlert>{formError}</FormAlert>
          <Field
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete={view === 'signin' ? 'username' : 'email'}
            inputMode="email"
            {...fieldProps('email', email, setEmail)}
            required
          />
          {view !== 'reset' && (
            <Field
              label={t('auth.password')}
              type="password"
              name="password"
              autoComplete={view === 'signin' ? 'current-password' : 'new-password'}
              hint={view === 'signup' ? t('auth.passwordHint') : undefined}
              {...fieldProps('password', password, setPassword)}
              required
            />
          )}
          {view === 'signup' && (
            <Field
              label={t('auth.confirmPassword')}
              type="password"
              name="confirm"
              autoComplete="new-password"
              {...fieldProps('confirm', confirm, setConfirm)}
              required
            />
          )}
          <button type="submit" className="btn btn-default w-full" disabled={busy || !ready} aria-busy={busy}>
            {busy ? t('auth.working') : t(view === 'signin' ? 'auth.signIn.submit' : view === 'signup' ? 'auth.signUp.submit' : 'auth.reset.submit')}
          </button>
        </form>

        <div className="flex flex-col items-start gap-2 text-sm">
          {view === 'signin' && (
            <>
              <button type="button" className="btn-link" onClick={() => switchTo('reset')}>
                {t('auth.forgot')}
              </button>
              <button type="button" className="btn-link" onClick={() => switchTo('signup')}>
                {t('auth.toSignUp')}
              </button>
            </>
          )}
          {view === 'signup' && (
            <button type="button" className="btn-link" onClick={() => switchTo('signin')}>
              {t('auth.toSignIn')}
            </button>
          )}
          {view === 'reset' && (
            <button type="button" className="btn-link" onClick={() => switchTo('signin')}>
              {t('auth.backToSignIn')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
