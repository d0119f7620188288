import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReferralStatus } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import SignInPrompt from '../components/payments/SignInPrompt';
import { TestModeBadge } from '../components/payments/TestMode';
import { useSignedInPage } from '../components/payments/useSignedIn';
import ScrollRegion from '../components/react/ScrollRegion';
import { formatDate, formatMoney } from '../lib/format';
import { $myReferrals, loadMyReferrals } from '../stores/earnings';
import { localHref } from '../i18n/paths';
import { around } from '../i18n/around';
import { t } from '../i18n/t';

const statusText = (status: ReferralStatus) => t(`money.ref.status.${status}`);

/** /referrals: the poet's code and link (copy, share), the rule, and who joined through it. */
export default function ReferralsPage() {
  const { ready, signedOut } = useSignedInPage();
  const referrals = useStore($myReferrals);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (ready) void loadMyReferrals();
  }, [ready]);

  if (signedOut) return <SignInPrompt next="/referrals">{t('money.ref.signIn')}</SignInPrompt>;
  if (referrals.state === 'failed') return <FormAlert>{t('money.ref.failed')}</FormAlert>;
  const data = referrals.data;
  if (!data)
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  const link = `${window.location.origin}${data.path}`;

  async function copy(text: string, what: 'code' | 'link') {
    try {
      await navigator.clipboard.writeText(text);
      setNotice(t(what === 'code' ? 'money.ref.codeCopied' : 'money.ref.linkCopied'));
    } catch {
      setNotice(t(what === 'code' ? 'money.ref.codeCopyFailed' : 'money.ref.linkCopyFailed'));
    }
  }

  async function share() {
    const shareData = { title: 'Writory', text: t('money.ref.shareText'), url: link };
    if (navigator.share) {
      try {
        await navigator.share(shareData);
        return;
      } catch (caught) {
        if ((caught as Error).name === 'AbortError') return;
      }
    }
    await copy(link, 'link');
  }

  return (
    <div className="space-y-8" data-testid="referrals">
      <section aria-labelledby="ref-link" className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
        <h2 id="ref-link" className="flex flex-wrap items-center gap-2 text-xl font-bold">
          {t('money.ref.invitation')} {data.testMode && <TestModeBadge />}
        </h2>
        <p className="text-ink-soft">{t('money.ref.earn', { rule: data.rewardRule })}</p>
        <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-center">
          <span className="text-sm font-semibold">{t('money.ref.code')}</span>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-parchment px-3 py-2 font-mono text-lg tracking-widest" data-testid="referral-code">
              {data.code}
            </code>
            <button type="button" className="btn btn-outline btn-sm min-h-10" onClick={() => copy(data.code, 'code')}>
              {t('money.ref.copyCode')}
            </button>
          </div>
          <label htmlFor="referral-link" className="text-sm font-semibold">
            {t('money.ref.link')}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id="referral-link"
              readOnly
              value={link}
              className="min-h-10 min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-sm"
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="btn btn-outline btn-sm min-h-10" onClick={() => copy(link, 'link')}>
              {t('money.ref.copyLink')}
            </button>
            <button type="button" className="btn btn-default btn-sm min-h-10" onClick={share}>
              {t('money.ref.share')}
            </button>
          </div>
        </div>
        <Notice>{notice}</Notice>
        <p className="text-sm text-ink-soft">
          {around(t('money.ref.rule'), {
            earnings: (
              <a className="btn-link" href={localHref('/earnings')}>
                {t('money.earnings')}
              </a>
            ),
          })}
        </p>
      </section>

      <section aria-labelledby="ref-people" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
        <h2 id="ref-people" className="mb-3 text-xl font-bold">
          {t('money.ref.people')}
        </h2>
        {data.referrals.length === 0 ? (
          <p className="text-ink-soft">{t('money.ref.nobody')}</p>
        ) : (
          <ScrollRegion label={t('money.ref.table')} framed={false}>
            <table className="w-full text-start text-sm" data-testid="referral-list">
              <thead>
                <tr className="border-b border-stone-300 text-start">
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t('money.ref.poet')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t('money.ref.joined')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t('money.ref.status')}
                  </th>
                  <th scope="col" className="py-2 text-start">
                    {t('money.ref.reward')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.referrals.map((r, i) => (
                  <tr key={i} className="border-b border-stone-200">
                    <td className="py-2 pe-3">
                      <span dir="auto">{r.name}</span>
                    </td>
                    <td className="py-2 pe-3">{formatDate(r.joinedAt)}</td>
                    <td className="py-2 pe-3">{statusText(r.status)}</td>
                    <td className="py-2">
                      {r.reward ? formatMoney(r.reward.amount, r.reward.currency) : '—'}
                      {r.reward && r.rewardAvailableAt && r.status === 'rewarded' && Date.parse(r.rewardAvailableAt) > Date.now()
                        ? ` ${t('money.ref.availableOn', { date: formatDate(r.rewardAvailableAt) })}`
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
