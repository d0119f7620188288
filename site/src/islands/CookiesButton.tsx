import { openConsentPreferences } from '../stores/consent';

/** The footer's Cookies button: reopens the consent preferences. */
export default function CookiesButton({ label }: { label: string }) {
  return (
    <button type="button" className="underline underline-offset-4" onClick={openConsentPreferences} data-testid="footer-cookies">
      {label}
    </button>
  );
}
