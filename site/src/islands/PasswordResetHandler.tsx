import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../i18n/t';
import Field, { focusFirstProblem } from '../components/react/Field';
import { FormAlert } from '../components/react/Message';
import { authErrorCode, messageForAuthError } from '../lib/auth-errors';
import { credentialProblems } from '../lib/auth-validation';
import { confirmNewPassword, verifyResetCode } from '../stores/auth';
import { localHref } from '../i18n/paths';

type State =
  | { kind: 'checking' }
  | { kind: 'no-code' }
  | { kind: 'invalid'; message: string }
  | { kind: 'form'; oobCode: string; email: string }
  | { kind: 'done'; email: string };

const LINK_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/** /password-reset-handler?oobCode=…: checks the code, then sets the new password. */
export default function PasswordResetHandler() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const oobCode = new URLSearchParams(window.location.search).get('oobCode');
    if (!oobCode) return setState({ kind: 'no-code' });
    verifyResetCode(oobCode).then(
      (email) => setState({ kind: 'form', oobCode, email }),
      (error: unknown) => setState({ kind: 'invalid', message: messageForAuthError(error) }),
    );
  }, []);

  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);
  useEffect(() => {
    if (state.kind === 'done') done.current?.focus();
  }, [state.kind]);

  if (state.kind === 'checking') {
    return (
      <p role="status" className="text-ink-soft">
        {t('reset.checking')}
      </p>
    );
  }
  if (state.kind === 'no-code' || state.kind === 'invalid') {
    return (
      <div className="space-y-4" data-testid="reset-link-problem">
        <p role={state.kind === 'invalid' ? 'alert' : undefined} className={state.kind === 'invalid' ? 'text-red-800' : 'text-ink-soft'}>
          {state.kind === 'invalid' ? state.message : t('reset.noCode')}
        </p>
        <a className="btn btn-default" href={localHref('/auth?view=reset')}>
          {t('reset.requestNew')}
        </a>
      </div>
    );
  }
  if (state.kind === 'done') {
    return (
      <div className="space-y-4" data-testid="reset-done">
        <p ref={done} tabIndex={-1} role="status" className="text-ink focus:outline-none">
          {t('reset.done')}
        </p>
        <a className="btn btn-default" href={localHref(`/auth?${new URLSearchParams({ email: state.email })}`)}>
          {t('reset.signIn')}
        </a>
      </div>
    );
  }

  const { oobCode, email } = state;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = credentialProblems('new-password', { password, confirm });
    setFormError(null);
    if (Object.keys(problems).length) {
      setErrors({ password: problems.password && t(problems.password), confirm: problems.confirm && t(problems.confirm) });
      return setAttempt((n) => n + 1);
    }
    setErrors({});
    setBusy(true);
    try {
      await confirmNewPassword(oobCode, password);
      setState({ kind: 'done', email });
    } catch (error) {
      setBusy(false);
      const code = authErrorCode(error);
      if (code && LINK_CODES.has(code)) return setState({ kind: 'invalid', message: messageForAuthError(error) });
      if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') setErrors({ password: messageForAuthError(error) });
      else setFormError(messageForAuthError(error));
      setAttempt((n) => n + 1);
    }
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="max-w-md space-y-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="reset-form"
    >
      <p className="text-sm text-ink-soft">{t('reset.forEmail', { email })}</p>
      {/* Lets password managers save the new password for the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormAlert>{formError}</FormAlert>
      <Field
        label={t('auth.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <Field
        label={t('auth.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
      <button type="submit" className="btn btn-default w-full" disabled={busy} aria-busy={busy}>
        {busy ? t('auth.working') : t('reset.submit')}
      </button>
    </form>
  );
}
