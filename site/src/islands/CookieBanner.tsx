import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { en } from '../i18n/en';
import {
  $consent,
  $consentPanel,
  CONSENT_KEYS,
  acceptAll,
  loadConsent,
  rejectAll,
  saveConsent,
  type Consent,
} from '../stores/consent';

/** Asks for cookie consent (all denied by default) and lets the visitor change it later. */
export default function CookieBanner() {
  const panel = useStore($consentPanel);
  const consent = useStore($consent);
  const [draft, setDraft] = useState<Consent>(consent);
  const titleId = useId();

  useEffect(() => loadConsent(), []);
  useEffect(() => setDraft(consent), [consent, panel]);

  if (panel === 'hidden') return null;
  return (
    <section
      role="region"
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-stone-300 bg-white p-4 shadow-2xl sm:inset-x-auto sm:end-4 sm:bottom-4 sm:max-w-md sm:rounded-lg sm:border"
    >
      <h2 id={titleId} className="font-serif text-lg font-bold">{en['cookies.title']}</h2>
      <p className="mt-2 text-sm text-ink-soft">{en['cookies.body']}</p>
      {panel === 'preferences' && (
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">{en['cookies.manage']}</legend>
          {CONSENT_KEYS.map((key) => (
            <label key={key} className="flex items-center justify-between gap-4 text-sm">
              <span>{en[`cookies.${key}`]}</span>
              <input
                type="checkbox"
                className="h-5 w-5 accent-quill"
                checked={draft[key] === 'granted'}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.checked ? 'granted' : 'denied' })}
                data-testid={`consent-${key}`}
              />
            </label>
          ))}
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-default btn-sm" onClick={() => acceptAll()}>{en['cookies.acceptAll']}</button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => rejectAll()}>{en['cookies.rejectAll']}</button>
        {panel === 'preferences' ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => saveConsent(draft)}>{en['cookies.save']}</button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => $consentPanel.set('preferences')}>{en['cookies.manage']}</button>
        )}
      </div>
    </section>
  );
}
