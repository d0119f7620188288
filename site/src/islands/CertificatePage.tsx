import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/t';
import Certificate from '../components/results/Certificate';
import { certificatePdfUrl, verifyCertificate } from '../api/results';
import { ApiError, apiErrorBody } from '../lib/api';
import { $certificate, loadCertificate } from '../stores/certificate';
import { localHref } from '../i18n/paths';

type State = { kind: 'loading' } | { kind: 'verify'; notFound: boolean } | { kind: 'shown' };

/** The slug of /certificate/{slug}, or null on /certificate/ itself. */
export function slugFromPath(pathname: string): string | null {
  const match = /^\/certificate\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * /certificate/{slug}: anyone with the link (or the QR code) sees the certificate and that it is genuine, prints it
 * on A4 landscape or downloads the PDF. /certificate/ verifies a code typed from a printed certificate.
 */
export default function CertificatePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const view = useStore($certificate);

  useEffect(() => {
    const slug = slugFromPath(window.location.pathname);
    if (!slug) {
      setState({ kind: 'verify', notFound: false });
      return;
    }
    loadCertificate(slug)
      .then((shown) => {
        setState({ kind: 'shown' });
        document.title = `${shown.kind === 'winner' ? 'Winner' : 'Participation'} certificate · ${shown.name} · Writory`;
      })
      .catch(() => setState({ kind: 'verify', notFound: true }));
  }, []);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="p-8 text-center text-ink-soft">
        {t('certificate.loading')}
      </p>
    );
  }
  if (state.kind === 'verify' || !view) return <VerifyForm notFound={state.kind === 'verify' && state.notFound} />;

  const issued = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(view.issuedAt));
  return (
    <div className="px-4 py-6 print:p-0">
      <div className="mx-auto mb-6 flex max-w-5xl flex-wrap items-center justify-between gap-4 print:hidden">
        {view.status === 'valid' ? (
          <p
            className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            data-testid="certificate-status"
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor" aria-hidden="true">
              <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.5 4.5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.29 3.8-3.8a1 1 0 0 1 1.4 1.42Z" />
            </svg>
            <span>
              <strong>{t('certificate.verified')}</strong> · {t('certificate.verifiedDetail', { date: issued, code: view.verificationCode })}
            </span>
          </p>
        ) : (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="certificate-status">
            {t('certificate.replaced')}{' '}
            {view.replacedBy && (
              <a className="font-semibold underline" href={localHref(`/certificate/${encodeURIComponent(view.replacedBy)}`)}>
                {t('certificate.replacedLink')}
              </a>
            )}
          </p>
        )}
        <div className="flex gap-2">
          <button type="button" className="btn btn-outline" onClick={() => window.print()}>
            {t('certificate.print')}
          </button>
          <a className="btn btn-default" href={certificatePdfUrl(view.slug)} download>
            {t('certificate.download')}
          </a>
        </div>
      </div>
      <Certificate view={view} />
    </div>
  );
}

function VerifyForm({ notFound }: { notFound: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(notFound ? t('certificate.notFound') : null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const view = await verifyCertificate(code.trim());
      window.location.assign(localHref(`/certificate/${encodeURIComponent(view.slug)}`));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? (apiErrorBody(caught)?.message ?? t('certificate.notFound')) : t('certificate.notFound'));
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="font-serif text-3xl font-bold">{t('certificate.verifyTitle')}</h1>
      <p className="mt-2 text-ink-soft">{t('certificate.verifyIntro')}</p>
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {error}
        </p>
      )}
      <form onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {t('certificate.code')}
          </label>
          <input
            id={inputId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            minLength={4}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX"
            className="w-60 rounded-md border border-stone-300 bg-white px-3 py-2 font-mono uppercase"
          />
        </div>
        <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
          {t('certificate.verify')}
        </button>
      </form>
    </section>
  );
}
