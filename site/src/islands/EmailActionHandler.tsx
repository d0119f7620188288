import { useEffect, useState } from 'react';
import SignInOrContinue from '../components/react/SignInOrContinue';
import { t } from '../i18n/t';
import { messageForAuthError } from '../lib/auth-errors';
import { applyEmailVerification, STORAGE_KEYS } from '../stores/auth';
import { actionLocale, localizedPath } from '../i18n/paths';

type State = { kind: 'working' } | { kind: 'no-code' } | { kind: 'unsupported' } | { kind: 'failed'; message: string };

/**
 * The links in Firebase's emails (/__/auth/action and /email-verification-handler):
 * ?mode=verifyEmail&oobCode=… applies the code and goes to /email-verified;
 * ?mode=resetPassword&oobCode=… goes on to /password-reset-handler. Either in the language the link names
 * (`&lang=hi`: the mail's language), else the page's.
 */
export default function EmailActionHandler() {
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const mode = params.get('mode');
    const oobCode = params.get('oobCode');
    if (!oobCode) return setState({ kind: 'no-code' });
    const locale = actionLocale(window.location.search);
    if (mode === 'resetPassword') {
      window.location.replace(localizedPath(`/password-reset-handler?${new URLSearchParams({ oobCode })}`, locale));
      return;
    }
    if (mode !== 'verifyEmail') return setState({ kind: 'unsupported' });
    applyEmailVerification(oobCode).then(
      (email) => {
        const verified = email ?? localStorage.getItem(STORAGE_KEYS.signupEmail) ?? '';
        window.location.replace(localizedPath(`/email-verified${verified ? `?${new URLSearchParams({ email: verified })}` : ''}`, locale));
      },
      (error: unknown) => setState({ kind: 'failed', message: messageForAuthError(error) }),
    );
  }, []);

  if (state.kind === 'working') {
    return (
      <p role="status" className="text-ink-soft">
        {t('emailAction.working')}
      </p>
    );
  }
  const text = state.kind === 'failed' ? state.message : state.kind === 'no-code' ? t('emailAction.noCode') : t('emailAction.unsupported');
  return (
    <div className="space-y-4" data-testid="email-action-result">
      <p role={state.kind === 'failed' ? 'alert' : undefined} className={state.kind === 'failed' ? 'text-red-800' : 'text-ink-soft'}>
        {text}
      </p>
      <SignInOrContinue />
    </div>
  );
}
