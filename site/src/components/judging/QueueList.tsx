import type { JudgingQueue } from '@writory/shared';
import { t } from '../../i18n/t';
import { languageNameHere } from '../../lib/competitions';

/** The month's entries by code (blind), those still to score first. */
export default function QueueList({ queue, openCode, onOpen }: { queue: JudgingQueue; openCode: string | null; onOpen(code: string): void }) {
  if (queue.entries.length === 0) return <p className="text-ink-soft">{t('judging.none')}</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" aria-label={t('judging.entries')} data-testid="judging-queue">
      {queue.entries.map((entry) => (
        <li
          key={entry.code}
          className={`flex flex-wrap items-center gap-x-4 gap-y-1 p-3 ${entry.code === openCode ? 'bg-parchment' : ''}`}
          data-testid="queue-item"
        >
          <span className="font-mono font-semibold">{entry.code}</span>
          {/* The title keeps its own direction inside the row's left-to-right order: an Arabic title sits beside its code. */}
          <span className="min-w-0 flex-1 truncate">
            <span dir="auto" data-testid="queue-title">
              {entry.title}
            </span>
          </span>
          <span className="text-xs text-ink-soft">{languageNameHere(entry.language)}</span>
          {entry.originalityFlag && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('judging.flagged')}</span>}
          <span className="text-xs text-ink-soft">{t('judging.needed', { judges: entry.judges, needed: queue.judgesPerEntry })}</span>
          <span className="text-xs font-semibold">{entry.myTotal === null ? t('judging.toScore') : t('judging.yourTotal', { total: entry.myTotal })}</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => onOpen(entry.code)} aria-label={`${t('judging.open')} ${entry.code}`}>
            {t('judging.open')}
          </button>
        </li>
      ))}
    </ul>
  );
}
