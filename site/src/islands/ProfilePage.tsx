import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ProductUser } from '@writory/shared';
import { t } from '../i18n/t';
import Avatar from '../components/react/Avatar';
import Field, { focusFirstProblem } from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { updateMe, uploadMyPicture } from '../api/users';
import { ApiError, apiErrorBody, fieldErrorsFrom } from '../lib/api';
import { messageForAuthError } from '../lib/auth-errors';
import { displayNameOf } from '../lib/display-name';
import { PICTURE_TYPES, pictureProblem } from '../lib/picture';
import { $authStatus, $identity, $loggingOut, refreshIdentity, resendVerificationEmail, type IdentityUser } from '../stores/auth';
import { $productUser, $productUserState, announceProfileUpdate } from '../stores/product-user';
import { showToast } from '../stores/toasts';
import { localHref } from '../i18n/paths';

const FIELDS = ['name', 'phone', 'dateOfBirth'] as const;
type ProfileField = (typeof FIELDS)[number];
type Values = Record<ProfileField, string>;

const valuesOf = (user: ProductUser | null): Values => ({
  name: user?.name ?? '',
  phone: user?.phone ?? '',
  dateOfBirth: user?.dateOfBirth?.slice(0, 10) ?? '',
});

/** A saved profile is shared with every island (header avatar and name) and confirmed with a toast. */
function saved(user: ProductUser, title: string) {
  announceProfileUpdate(user);
  showToast({ title });
}

/** /profile: email and its verification, name, phone, date of birth and picture. Visitors go to /auth. */
export default function ProfilePage() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const identity = useStore($identity);
  const user = useStore($productUser);
  const syncState = useStore($productUserState);
  const loggingOut = useStore($loggingOut);

  useEffect(() => {
    if (status === 'signed-out' && !loggingOut) window.location.replace(localHref(`/auth?${new URLSearchParams({ next: '/profile' })}`));
  }, [status, loggingOut]);
  // The email may have been verified in another tab or on another device since the last sign-in.
  useEffect(() => {
    if (status === 'signed-in') refreshIdentity().catch(() => undefined);
  }, [status]);

  if (!hydrated || status !== 'signed-in' || !identity || !user) {
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-8" data-testid="profile">
      {syncState === 'fallback' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="profile-offline">
          {t('profile.offline')}
        </p>
      )}
      <AccountSection identity={identity} user={user} />
      <PictureSection user={user} identity={identity} />
      <DetailsForm user={user} />
    </div>
  );
}

function AccountSection({ identity, user }: { identity: IdentityUser; user: ProductUser }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const email = identity.email ?? user.email;

  const resend = async () => {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      await resendVerificationEmail();
      setNotice(t('profile.resent', { email }));
    } catch (caught) {
      setError(messageForAuthError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-account" className="space-y-3 rounded-lg border border-stone-200 bg-white p-6">
      <h2 id="profile-account" className="text-xl font-bold">
        {t('profile.account')}
      </h2>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-semibold">{t('profile.email')}</dt>
        <dd className="flex flex-wrap items-center gap-2 break-all" data-testid="profile-email">
          {email}
          {identity.emailVerified ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900" data-testid="email-verified-badge">
              {t('profile.verified')}
            </span>
          ) : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="email-unverified-badge">
              {t('profile.notVerified')}
            </span>
          )}
        </dd>
      </dl>
      {!identity.emailVerified && (
        <div className="space-y-3">
          <p className="text-sm text-ink-soft">{t('profile.notVerifiedHelp')}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={resend} disabled={busy} aria-busy={busy}>
            {t('profile.resend')}
          </button>
          <Notice>{notice}</Notice>
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </section>
  );
}

function PictureSection({ user, identity }: { user: ProductUser; identity: IdentityUser }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    const problem = pictureProblem(file);
    if (problem) {
      setError(t(problem));
      input.value = '';
      return;
    }
    setBusy(true);
    const body = new FormData();
    body.append('picture', file);
    try {
      saved(await uploadMyPicture(body), t('profile.pictureUploaded'));
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      const serverMessage = apiErrorBody(caught)?.message;
      if (status === 413) setError(t('picture.size'));
      else if (status === 415 || status === 422) setError(serverMessage ?? t('picture.type'));
      else setError(t('profile.pictureFailed'));
      input.focus();
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <section aria-labelledby="profile-picture" className="space-y-3 rounded-lg border border-stone-200 bg-white p-6">
      <h2 id="profile-picture" className="text-xl font-bold">
        {t('profile.picture')}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={displayNameOf(user, identity)} pictureUrl={user.profilePictureUrl ?? identity.photoURL} className="h-20 w-20 text-2xl" />
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {t('profile.pictureChoose')}
          </label>
          <p id={hintId} className="text-xs text-ink-soft">
            {t('profile.pictureHint')}
          </p>
          <input
            id={inputId}
            type="file"
            name="picture"
            accept={PICTURE_TYPES.join(',')}
            onChange={upload}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="text-sm file:me-3 file:rounded-md file:border file:border-quill file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-quill"
            data-testid="picture-input"
          />
          {error && (
            <p id={errorId} className="text-sm font-medium text-red-800">
              {error}
            </p>
          )}
          <Notice>{busy ? t('profile.pictureUploading') : null}</Notice>
        </div>
      </div>
    </section>
  );
}

function DetailsForm({ user }: { user: ProductUser }) {
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // A newer product user (sync finished, saved elsewhere) replaces the form unless the poet is editing it.
  useEffect(() => {
    if (!dirty) setValues(valuesOf(user));
  }, [user, dirty]);
  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);

  const change = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.target.value });
    setDirty(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    const body = {
      name: values.name.trim() || null,
      phone: values.phone.trim() || null,
      dateOfBirth: values.dateOfBirth || null,
    };
    try {
      const updated = await updateMe(body);
      setDirty(false);
      saved(updated, t('profile.saved'));
    } catch (caught) {
      const problems = fieldErrorsFrom(caught, FIELDS);
      setErrors(problems.fields);
      // The server's own words for a 4xx (e.g. the under-13 rule); a generic message for outages.
      const clientError = caught instanceof ApiError && caught.status < 500;
      if (!Object.keys(problems.fields).length) setFormError(clientError && problems.form ? problems.form : t('profile.saveFailed'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-details" className="rounded-lg border border-stone-200 bg-white p-6">
      <h2 id="profile-details" className="mb-4 text-xl font-bold">
        {t('profile.details')}
      </h2>
      <form ref={form} noValidate onSubmit={submit} className="max-w-md space-y-4" data-testid="profile-form">
        <FormAlert>{formError}</FormAlert>
        <Field label={t('profile.name')} name="name" autoComplete="name" maxLength={80} value={values.name} onChange={change('name')} error={errors.name} />
        <Field
          label={t('profile.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          hint={t('profile.phoneHint')}
          value={values.phone}
          onChange={change('phone')}
          error={errors.phone}
        />
        <Field
          label={t('profile.dateOfBirth')}
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          hint={t('profile.dobHint')}
          max={new Date().toISOString().slice(0, 10)}
          value={values.dateOfBirth}
          onChange={change('dateOfBirth')}
          error={errors.dateOfBirth}
        />
        <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
          {busy ? t('profile.saving') : t('profile.save')}
        </button>
      </form>
    </section>
  );
}
