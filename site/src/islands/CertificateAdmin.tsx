import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PLACE_LABELS, type CertificateKind, type CertificateListItem } from '@writory/shared';
import Certificate from '../components/results/Certificate';
import { FormAlert } from '../components/react/Message';
import { certificatePreviewPdf, issueCertificates, reissueCertificate } from '../api/results';
import { apiErrorBody, saveFile } from '../lib/api';
import { $months, loadMonths } from '../stores/publication-timers';
import { $certificatePreview, $issuedCertificates, loadCertificates } from '../stores/results-admin';
import { showToast } from '../stores/toasts';
import { formatMonth, formatNumber } from '../lib/format';
import { t } from '../i18n/t';
import { localHref } from '../i18n/paths';

/** /admin-participation-certificate and /admin-winner-certificate: preview with real data, issue for a month, re-issue one. */
export default function CertificateAdmin({ kind }: { kind: CertificateKind }) {
  const months = useStore($months);
  const [month, setMonth] = useState('');
  const preview = useStore($certificatePreview);
  const issued = useStore($issuedCertificates);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ready = (months ?? []).filter((m) => (kind === 'winner' ? m.winnersPublished : m.resultsPublished));

  useEffect(() => {
    loadMonths().catch(() => setError(t('adminResults.monthsFailed')));
  }, []);
  useEffect(() => {
    if (!month && ready.length) setMonth(ready[0].month);
  }, [months]);

  const load = async () => {
    if (!month) return;
    setError(null);
    try {
      await loadCertificates(kind, month);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminCertificates.loadFailed'));
    }
  };
  useEffect(() => {
    void load();
  }, [month]);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      showToast({ title: await action() });
      await load();
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminCertificates.failed'));
    } finally {
      setBusy(false);
    }
  };

  const issueMonth = () =>
    run(async () => {
      const { issued: count } = await issueCertificates(kind, month);
      return count ? t('adminCertificates.issued', { count: formatNumber(count) }) : t('adminCertificates.allIssued');
    });

  const reissue = (certificate: CertificateListItem) =>
    run(async () => {
      await reissueCertificate(certificate.slug);
      return t('adminCertificates.reissued', { name: certificate.name });
    });

  // The preview PDF needs the admin's token, so it is fetched and opened as a file.
  const previewPdf = async () => {
    try {
      saveFile(await certificatePreviewPdf(kind, month), `writory-${kind}-certificate-preview-${month}.pdf`);
    } catch {
      setError(t('adminCertificates.pdfFailed'));
    }
  };

  return (
    <div className="space-y-6">
      <FormAlert>{error}</FormAlert>
      {ready.length === 0 ? (
        <p className="text-ink-soft">{kind === 'winner' ? t('adminCertificates.winnerLater') : t('adminCertificates.participationLater')}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-month`} className="text-sm font-semibold">
                {t('adminResults.month')}
              </label>
              <select
                id={`${id}-month`}
                value={month}
                onChange={(event) => setMonth(event.target.value)}
                className="rounded-md border border-stone-400 bg-white px-3 py-2"
              >
                {ready.map((m) => (
                  <option key={m.month} value={m.month}>
                    {formatMonth(m.month)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn btn-default" disabled={busy || !month} onClick={issueMonth}>
              {t('adminCertificates.issueMonth')}
            </button>
            <button type="button" className="btn btn-outline" disabled={!preview} onClick={previewPdf}>
              {t('adminCertificates.previewPdf')}
            </button>
          </div>
          {preview && (
            <section aria-labelledby={`${id}-preview`} className="space-y-2">
              <h2 id={`${id}-preview`} className="text-lg font-semibold">
                {t('adminCertificates.template')}
              </h2>
              <div className="rounded-lg border border-stone-200 bg-white p-2" data-testid="certificate-preview">
                <Certificate view={preview} level={3} />
              </div>
            </section>
          )}
          {issued && (
            <section aria-labelledby={`${id}-issued`} className="space-y-2">
              <h2 id={`${id}-issued`} className="text-lg font-semibold">
                {t('adminCertificates.issuedCount', { count: formatNumber(issued.filter((c) => c.status === 'valid').length) })}
              </h2>
              <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white" data-testid="issued-certificates">
                {issued.map((certificate) => (
                  <li key={certificate.slug} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
                    <span>
                      <a className="font-semibold underline" href={localHref(`/certificate/${encodeURIComponent(certificate.slug)}`)} dir="auto">
                        {certificate.name}
                      </a>
                      {certificate.place && <span className="text-ink-soft"> · {PLACE_LABELS[certificate.place]}</span>}
                      <span className="ms-2 font-mono text-xs text-ink-soft">{certificate.verificationCode}</span>
                      {certificate.status === 'replaced' && <span className="ms-2 text-xs text-amber-900">{t('adminCertificates.replaced')}</span>}
                    </span>
                    {certificate.status === 'valid' && (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={busy}
                        onClick={() => reissue(certificate)}
                        aria-label={t('adminCertificates.reissueNamed', { name: certificate.name })}
                      >
                        {t('adminCertificates.reissue')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
