import { useId } from 'react';
import {
  COMMENT_MODERATION_FILTERS,
  wallPostPath,
  type CommentDecision,
  type CommentModerationFilter,
  type CommentModerationItem,
  type CommentModerationPage,
} from '@writory/shared';
import { useStaffReady } from '../components/react/useAdminReady';
import { FormAlert, Notice } from '../components/react/Message';
import ModerationDecisions from '../components/wall/ModerationDecisions';
import QueueFilters from '../components/wall/QueueFilters';
import { useModerationQueue } from '../components/wall/useModerationQueue';
import { decideComment } from '../api/comments';
import { formatWallDate } from '../lib/wall';
import { t } from '../i18n/t';
import { $commentQueue, $commentQueueProblem, loadCommentQueue } from '../stores/comment-moderation';

/** What a moderator may do with a comment in each state (the cms checks the same). */
const ACTIONS: Record<CommentModerationItem['status'], CommentDecision[]> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  approved: ['dismiss', 'hide'],
  held: ['restore', 'hide'],
  hidden: ['restore'],
};
const actionsFor = (item: CommentModerationItem) => ACTIONS[item.status].filter((action) => action !== 'dismiss' || item.openReports > 0);
const needsReason = (action: CommentDecision) => action === 'reject' || action === 'hide';
const MODERATORS = ['admin', 'moderator'] as const;

/** The comments part of /admin-wall-moderation: first comments waiting, reported and hidden ones. */
export default function CommentModeration() {
  const ready = useStaffReady(MODERATORS);
  const { filter, page, setPage, data, problem, notice, choose, decided } = useModerationQueue<CommentModerationFilter, CommentModerationPage>({
    ready,
    first: 'pending',
    $page: $commentQueue,
    $problem: $commentQueueProblem,
    load: loadCommentQueue,
  });

  if (!ready) return null;
  return (
    <section aria-labelledby="comment-moderation-title" className="mt-12 space-y-6" data-testid="comment-moderation">
      <h2 id="comment-moderation-title" className="font-serif text-2xl font-semibold">
        {t('comments.moderationTitle')}
      </h2>
      <p className="text-ink-soft">{t('comments.moderationIntro')}</p>
      <QueueFilters
        label={t('comments.queues')}
        filters={COMMENT_MODERATION_FILTERS}
        current={filter}
        name={(name) => t(`comments.queue.${name}`)}
        counts={data?.counts ?? null}
        onChoose={choose}
      />
      <Notice>{notice}</Notice>
      <FormAlert>{problem}</FormAlert>
      {data &&
        (data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 p-6 text-ink-soft">{t('comments.queueEmpty')}</p>
        ) : (
          <ol className="space-y-6">
            {data.items.map((item) => (
              <li key={item.id}>
                <QueueItem item={item} onDecided={() => decided(t('comments.decided', { id: item.id }))} />
              </li>
            ))}
          </ol>
        ))}
      {data && data.pagination.pageCount > 1 && (
        <nav aria-label={t('comments.queues')} className="flex items-center gap-4">
          <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('leaderboard.previous')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" disabled={page >= data.pagination.pageCount} onClick={() => setPage(page + 1)}>
            {t('leaderboard.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function QueueItem({ item, onDecided }: { item: CommentModerationItem; onDecided: () => void }) {
  const id = useId();
  const openReports = item.reports.filter((report) => report.status === 'open');
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="comment-moderation-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          <span dir="auto">{item.author.name}</span> {t('comments.on')}{' '}
          <a className="underline underline-offset-4" href={wallPostPath(item.postId)} dir="auto">
            {item.postTitle}
          </a>
        </h3>
        <span className="rounded-full bg-parchment px-3 py-1 text-xs font-semibold">{t(`comments.status.${item.status}`)}</span>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        <time dateTime={item.createdAt}>{formatWallDate(item.createdAt)}</time>
        {item.openReports > 0 && <> · {t('comments.openReports', { count: item.openReports })}</>}
      </p>
      {item.critique && (
        <dl className="mt-3 space-y-2">
          <div>
            <dt className="text-sm font-semibold">{t('comments.works')}</dt>
            <dd dir="auto" className="whitespace-pre-wrap break-words">
              {item.critique.works}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">{t('comments.stronger')}</dt>
            <dd dir="auto" className="whitespace-pre-wrap break-words">
              {item.critique.stronger}
            </dd>
          </div>
        </dl>
      )}
      {item.text && (
        <p dir="auto" className="mt-3 whitespace-pre-wrap break-words" data-testid="moderation-comment-text">
          {item.text}
        </p>
      )}
      {openReports.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {openReports.map((report) => (
            <li key={report.id}>
              {t(`comments.reason.${report.reason}`)}
              {report.note && (
                <>
                  : <span dir="auto">{report.note}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ModerationDecisions
        actions={actionsFor(item)}
        needsReason={needsReason}
        own={item.own}
        named={`(${item.id})`}
        words={{
          action: (action) => t(`comments.action.${action}`),
          confirm: (action) => t('comments.confirm', { action: t(`comments.action.${action}`) }),
          reasonLabel: t('comments.reasonLabel'),
          reasonNeeded: t('comments.reasonNeeded'),
          failed: t('comments.decisionFailed'),
          cancel: t('comments.cancel'),
          own: t('comments.own'),
        }}
        decide={(action, reason) => decideComment(item.id, { action, seen: item.status, ...(reason === undefined ? {} : { reason }) })}
        onDecided={onDecided}
      />
    </article>
  );
}
