import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  COMMENT_MODERATION_FILTERS,
  WALL_REASON_MAX,
  wallPostPath,
  type CommentDecision,
  type CommentModerationFilter,
  type CommentModerationItem,
} from '@writory/shared';
import { useStaffReady } from '../components/react/useAdminReady';
import { FormAlert, Notice } from '../components/react/Message';
import { decideComment } from '../api/comments';
import { apiErrorBody } from '../lib/api';
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
  const [filter, setFilter] = useState<CommentModerationFilter>('pending');
  const [page, setPage] = useState(1);
  const data = useStore($commentQueue);
  const problem = useStore($commentQueueProblem);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (ready) void loadCommentQueue(filter, page);
  }, [ready, filter, page, reload]);

  if (!ready) return null;
  return (
    <section aria-labelledby="comment-moderation-title" className="mt-12 space-y-6" data-testid="comment-moderation">
      <h2 id="comment-moderation-title" className="font-serif text-2xl font-semibold">
        {t('comments.moderationTitle')}
      </h2>
      <p className="text-ink-soft">{t('comments.moderationIntro')}</p>
      <div role="group" aria-label={t('comments.queues')} className="flex flex-wrap gap-2">
        {COMMENT_MODERATION_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            className="btn btn-sm btn-outline aria-pressed:bg-quill aria-pressed:text-white"
            onClick={() => {
              setFilter(name);
              setPage(1);
              setNotice(null);
            }}
          >
            {t(`comments.queue.${name}`)}
            {data && <span className="rounded-full bg-white/80 px-2 text-xs text-ink">{data.counts[name].toLocaleString('en')}</span>}
          </button>
        ))}
      </div>
      <Notice>{notice}</Notice>
      <FormAlert>{problem}</FormAlert>
      {data &&
        (data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 p-6 text-ink-soft">{t('comments.queueEmpty')}</p>
        ) : (
          <ol className="space-y-6">
            {data.items.map((item) => (
              <li key={item.id}>
                <QueueItem
                  item={item}
                  onDecided={() => {
                    setNotice(t('comments.decided', { id: item.id }));
                    setReload((n) => n + 1);
                  }}
                />
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
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [asking, setAsking] = useState<CommentDecision | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);

  async function decide(action: CommentDecision) {
    if (needsReason(action) && asking !== action) return setAsking(action);
    if (needsReason(action) && !reason.trim()) return setProblem(t('comments.reasonNeeded'));
    setBusy(true);
    setProblem(null);
    try {
      await decideComment(item.id, { action, ...(needsReason(action) ? { reason } : {}) });
      onDecided();
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? t('comments.decisionFailed'));
    } finally {
      setBusy(false);
    }
  }

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
      <div className="mt-4 space-y-3">
        <FormAlert>{problem}</FormAlert>
        {item.own ? (
          <p className="text-sm text-ink-soft">{t('comments.own')}</p>
        ) : (
          <>
            {asking && (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                  {t('comments.reasonLabel')}
                </label>
                <textarea
                  id={`${id}-reason`}
                  ref={reasonRef}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={WALL_REASON_MAX}
                  rows={2}
                  dir="auto"
                  className="rounded-md border border-stone-400 bg-white px-3 py-2"
                />
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {actionsFor(item).map((action) => (
                <button
                  key={action}
                  type="button"
                  disabled={busy}
                  className={`btn btn-sm ${action === 'hide' || action === 'reject' ? 'btn-destructive' : 'btn-default'}`}
                  onClick={() => void decide(action)}
                >
                  {asking === action ? t('comments.confirm', { action: t(`comments.action.${action}`) }) : t(`comments.action.${action}`)}
                  <span className="sr-only"> ({item.id})</span>
                </button>
              ))}
              {asking && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(null)}>
                  {t('comments.cancel')}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}
