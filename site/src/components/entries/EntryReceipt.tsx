import type { CompetitionKind, EntryReceipt as Receipt } from '@writory/shared';
import { t } from '../../i18n/t';
import { formatBoth } from '../../lib/contest-time';
import { formatMonth } from '../../lib/format';
import { tFor } from '../../lib/entry-words';
import { localHref } from '../../i18n/paths';

/** The receipt on screen: the entry code, big, and what happens next. */
export default function EntryReceipt({
  receipt,
  kind = 'poem',
  timeZone,
  canEnterAgain,
  onAnother,
}: {
  receipt: Receipt;
  /** Poem or story: how the receipt names the entry. */
  kind?: CompetitionKind;
  timeZone: string;
  canEnterAgain: boolean;
  onAnother(): void;
}) {
  return (
    <div className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-6 text-emerald-950" data-testid="entry-receipt">
      <p className="text-sm font-semibold uppercase tracking-wide">{t('submit.receiptCode')}</p>
      <p className="font-mono text-3xl font-bold tracking-wider" data-testid="entry-code">
        {receipt.code}
      </p>
      <p dir="auto">
        {tFor(kind, 'submit.receiptBody', { title: receipt.title, month: formatMonth(receipt.month), when: formatBoth(receipt.resultsAt, timeZone).contest })}
      </p>
      <p className="text-sm">{t('submit.receiptSent')}</p>
      <div className="flex flex-wrap gap-3">
        <a href={localHref('/profile#entries')} className="btn btn-default">
          {t('submit.receiptProfile')}
        </a>
        {canEnterAgain && (
          <button type="button" className="btn btn-outline" onClick={onAnother}>
            {tFor(kind, 'submit.another')}
          </button>
        )}
      </div>
    </div>
  );
}
