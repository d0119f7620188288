import { useId } from 'react';
import { useStaffReady } from '../components/react/useAdminReady';
import {
  WALL_MODERATION_FILTERS,
  wallPostPath,
  type WallDecision,
  type WallModerationFilter,
  type WallModerationItem,
  type WallModerationPage,
} from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import ModerationDecisions from '../components/wall/ModerationDecisions';
import PoemText from '../components/wall/PoemText';
import QueueFilters from '../components/wall/QueueFilters';
import { useModerationQueue } from '../components/wall/useModerationQueue';
import { reasonText } from '../components/wall/ReportButton';
import { decideWallPost } from '../api/wall';
import { formatWallDate, languageLabel, likesText, statusText } from '../lib/wall';
import { countOf, formatNumber, nounForms, pageIntlLocale } from '../lib/format';
import { t } from '../i18n/t';
import { $moderationPage, $moderationProblem, loadModerationQueue } from '../stores/wall-moderation';

/** What a moderator may do with a post in each state (the cms checks the same). */
const ACTIONS: Record<WallModerationItem['status'], WallDecision[]> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  approved: ['dismiss', 'hide'],
  held: ['restore', 'hide'],
  hidden: ['restore'],
};
const actionsFor = (item: WallModerationItem) => ACTIONS[item.status].filter((action) => action !== 'dismiss' || item.openReports > 0);
const MODERATORS = ['admin', 'moderator'] as const;
const needsReason = (action: WallDecision) => action === 'reject' || action === 'hide';
/** "87%" as the page's language writes a share. */
const percent = (share: number) => new Intl.NumberFormat(pageIntlLocale(), { style: 'percent' }).format(Math.round(share * 100) / 100);

/** /admin-wall-moderation: the queue of wall posts, for moderators and admins. */
export default function WallModeration() {
  // Moderators and admins only (others read who the page is for); "Loading..." on the first render, as on the server.
  const ready = useStaffReady(MODERATORS);
  const { filter, page, setPage, data, problem, notice, choose, decided } = useModerationQueue<WallModerationFilter, WallModerationPage>({
    ready,
    first: 'pending',
    $page: $moderationPage,
    $problem: $moderationProblem,
    load: loadModerationQueue,
  });

  if (!ready)
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="space-y-6" data-testid="wall-moderation">
      <QueueFilters
        label={t('wall.mod.queues')}
        filters={WALL_MODERATION_FILTERS}
        current={filter}
        name={(name) => t(`wall.mod.filter.${name}`)}
        counts={data?.counts ?? null}
        onChoose={choose}
      />
      <Notice>{notice}</Notice>
      <FormAlert>{problem}</FormAlert>
      {!data ? (
        !problem && (
          <p role="status" className="text-ink-soft">
            {t('common.loading')}
          </p>
        )
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-ink-soft">{t('wall.mod.empty')}</p>
      ) : (
        <ol className="space-y-6">
          {data.items.map((item) => (
            <li key={item.id}>
              <QueueItem item={item} onDecided={(action) => decided(t(`wall.mod.done.${action}`, { title: item.title }))} />
            </li>
          ))}
        </ol>
      )}
      {data && data.pagination.pageCount > 1 && (
        <nav aria-label={t('wall.mod.pages')} className="flex items-center gap-4">
          <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('wall.mod.previous')}
          </button>
          <span className="text-sm">{t('wall.mod.pageOf', { page: formatNumber(page), pages: formatNumber(data.pagination.pageCount) })}</span>
          <button type="button" className="btn btn-outline btn-sm" disabled={page >= data.pagination.pageCount} onClick={() => setPage(page + 1)}>
            {t('wall.mod.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

function QueueItem({ item, onDecided }: { item: WallModerationItem; onDecided: (action: WallDecision) => void }) {
  const id = useId();
  const openReports = item.reports.filter((report) => report.status === 'open');
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="moderation-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-serif text-xl font-semibold" dir="auto" lang={item.language}>
          {item.status === 'approved' ? (
            <a className="hover:underline" href={wallPostPath(item.id)}>
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </h2>
        <span className="rounded-full bg-parchment px-3 py-1 text-xs font-semibold">{statusText(item.status)}</span>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        <span dir="auto">{item.poet.name}</span> · {t('wall.mod.shared')} <time dateTime={item.createdAt}>{formatWallDate(item.createdAt)}</time> ·{' '}
        {languageLabel(item.language)} · {likesText(item.likes)} · {t('wall.mod.post', { id: item.id })}
      </p>
      {(item.flags.length > 0 || item.similar.length > 0 || item.openReports > 0) && (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs font-semibold" aria-label={t('wall.mod.marks')}>
          {item.flags.length > 0 && (
            <li className="rounded bg-amber-100 px-2 py-1 text-amber-950">{t('wall.mod.wordList', { words: item.flags.join(', ') })}</li>
          )}
          {item.similar.map((match) => (
            <li key={`${match.kind}:${match.refId}`} className="rounded bg-purple-100 px-2 py-1 text-purple-950" data-testid="similarity-flag">
              {t(match.kind === 'entry' ? 'wall.mod.likeEntry' : 'wall.mod.likePost', { percent: percent(match.similarity), id: match.refId })}
            </li>
          ))}
          {item.openReports > 0 && <li className="rounded bg-red-100 px-2 py-1 text-red-950">{countOf(item.openReports, nounForms('openReport'))}</li>}
        </ul>
      )}
      <div
        className="mt-4 max-h-96 overflow-auto rounded border border-stone-100 bg-paper p-4"
        tabIndex={0}
        role="region"
        aria-label={t('wall.mod.text', { title: item.title, id: item.id })}
      >
        <PoemText text={item.text} language={item.language} className="text-base" />
      </div>
      {item.reason && (
        <p className="mt-3 text-sm" dir="auto">
          <span className="font-semibold">{t('wall.mod.reasonGiven')}</span> {item.reason}
        </p>
      )}
      {item.reports.length > 0 && (
        <details className="mt-3 text-sm" open={openReports.length > 0}>
          <summary className="font-semibold">
            {t('wall.mod.reports', { open: formatNumber(openReports.length), all: formatNumber(item.reports.length) })}
          </summary>
          <ul className="mt-2 space-y-2">
            {item.reports.map((report) => (
              <li key={report.id} className="rounded border border-stone-200 p-2">
                <span className="font-semibold">{reasonText(report.reason).label}</span> · {t(`wall.mod.report.${report.status}`)} ·{' '}
                <time dateTime={report.createdAt}>{formatWallDate(report.createdAt)}</time>
                {report.note && (
                  <p dir="auto" className="mt-1 whitespace-pre-wrap">
                    {report.note}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      <ModerationDecisions
        actions={actionsFor(item)}
        needsReason={needsReason}
        own={item.own}
        named={`“${item.title}”`}
        words={{
          action: (action) => t(`wall.mod.action.${action}`),
          confirm: (action) => t('wall.mod.confirm', { action: t(`wall.mod.action.${action}`).toLocaleLowerCase() }),
          reasonLabel: t('wall.mod.reasonLabel'),
          reasonNeeded: t('wall.mod.reasonNeeded'),
          failed: t('wall.mod.failed'),
          cancel: t('wall.mod.cancel'),
          own: t('wall.mod.own'),
        }}
        decide={(action, reason) => decideWallPost(item.id, { action, seen: item.status, ...(reason === undefined ? {} : { reason }) })}
        onDecided={onDecided}
      />
    </article>
  );
}
