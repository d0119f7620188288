import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useStaffReady } from '../components/react/useAdminReady';
import { WALL_MODERATION_FILTERS, WALL_REASON_MAX, wallPostPath, type WallDecision, type WallModerationFilter, type WallModerationItem } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import PoemText from '../components/wall/PoemText';
import { REASON_TEXT } from '../components/wall/ReportButton';
import { decideWallPost } from '../api/wall';
import { apiErrorBody } from '../lib/api';
import { STATUS_TEXT, formatWallDate, languageLabel } from '../lib/wall';
import { $moderationPage, $moderationProblem, loadModerationQueue } from '../stores/wall-moderation';

const FILTER_LABEL: Record<WallModerationFilter, string> = {
  pending: 'Waiting',
  reported: 'Reported',
  approved: 'On the wall',
  hidden: 'Hidden',
  rejected: 'Rejected',
};

/** What a moderator may do with a post in each state (the cms checks the same). */
const ACTIONS: Record<WallModerationItem['status'], WallDecision[]> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  approved: ['dismiss', 'hide'],
  held: ['restore', 'hide'],
  hidden: ['restore'],
};
const actionsFor = (item: WallModerationItem) => ACTIONS[item.status].filter((action) => action !== 'dismiss' || item.openReports > 0);
const ACTION_LABEL: Record<WallDecision, string> = {
  approve: 'Approve',
  reject: 'Reject',
  hide: 'Hide',
  restore: 'Restore',
  dismiss: 'Keep, dismiss the reports',
};
const DONE: Record<WallDecision, string> = { approve: 'approved', reject: 'rejected', hide: 'hidden', restore: 'restored', dismiss: 'kept on the wall' };
const MODERATORS = ['admin', 'moderator'] as const;
const needsReason = (action: WallDecision) => action === 'reject' || action === 'hide';

/** /admin-wall-moderation: the queue of wall posts, for moderators and admins. */
export default function WallModeration() {
  // Moderators and admins only (others read who the page is for); "Loading..." on the first render, as on the server.
  const ready = useStaffReady(MODERATORS);
  const [filter, setFilter] = useState<WallModerationFilter>('pending');
  const [page, setPage] = useState(1);
  const data = useStore($moderationPage);
  const problem = useStore($moderationProblem);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (ready) void loadModerationQueue(filter, page);
  }, [ready, filter, page, reload]);

  const decided = (item: WallModerationItem, action: WallDecision) => {
    setNotice(`“${item.title}” ${DONE[action]}.${action === 'dismiss' ? ' Its reports are closed.' : ' The poet has been notified.'}`);
    setReload((n) => n + 1);
  };

  if (!ready)
    return (
      <p role="status" className="text-ink-soft">
        Loading...
      </p>
    );
  return (
    <div className="space-y-6" data-testid="wall-moderation">
      <div role="group" aria-label="Queues" className="flex flex-wrap gap-2">
        {WALL_MODERATION_FILTERS.map((name) => (
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
            {FILTER_LABEL[name]}
            {data && <span className="rounded-full bg-white/80 px-2 text-xs text-ink">{data.counts[name].toLocaleString('en')}</span>}
          </button>
        ))}
      </div>
      <Notice>{notice}</Notice>
      <FormAlert>{problem}</FormAlert>
      {!data ? (
        !problem && (
          <p role="status" className="text-ink-soft">
            Loading...
          </p>
        )
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-ink-soft">Nothing here. Thank you for keeping the wall kind.</p>
      ) : (
        <ol className="space-y-6">
          {data.items.map((item) => (
            <li key={item.id}>
              <QueueItem item={item} onDecided={decided} />
            </li>
          ))}
        </ol>
      )}
      {data && data.pagination.pageCount > 1 && (
        <nav aria-label="Pages of the queue" className="flex items-center gap-4">
          <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </button>
          <span className="text-sm">
            Page {page} of {data.pagination.pageCount}
          </span>
          <button type="button" className="btn btn-outline btn-sm" disabled={page >= data.pagination.pageCount} onClick={() => setPage(page + 1)}>
            Next page
          </button>
        </nav>
      )}
    </div>
  );
}

function QueueItem({ item, onDecided }: { item: WallModerationItem; onDecided: (item: WallModerationItem, action: WallDecision) => void }) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [asking, setAsking] = useState<WallDecision | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);

  async function decide(action: WallDecision) {
    if (needsReason(action) && asking !== action) {
      setAsking(action);
      return;
    }
    if (needsReason(action) && !reason.trim()) {
      setProblem('Write the reason the poet will read.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await decideWallPost(item.id, { action, ...(needsReason(action) ? { reason } : {}) });
      onDecided(item, action);
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? 'The decision was not saved. Try again.');
    } finally {
      setBusy(false);
    }
  }

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
        <span className="rounded-full bg-parchment px-3 py-1 text-xs font-semibold">{STATUS_TEXT[item.status]}</span>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        <span dir="auto">{item.poet.name}</span> · shared <time dateTime={item.createdAt}>{formatWallDate(item.createdAt)}</time> ·{' '}
        {languageLabel(item.language)} · {item.likes} likes · post {item.id}
      </p>
      {(item.flags.length > 0 || item.similar.length > 0 || item.openReports > 0) && (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs font-semibold" aria-label="Marks for the moderator">
          {item.flags.length > 0 && <li className="rounded bg-amber-100 px-2 py-1 text-amber-950">Word list: {item.flags.join(', ')}</li>}
          {item.similar.map((match) => (
            <li key={`${match.kind}:${match.refId}`} className="rounded bg-purple-100 px-2 py-1 text-purple-950" data-testid="similarity-flag">
              {Math.round(match.similarity * 100)}% like {match.kind === 'entry' ? 'contest entry' : 'wall post'} {match.refId}
            </li>
          ))}
          {item.openReports > 0 && (
            <li className="rounded bg-red-100 px-2 py-1 text-red-950">
              {item.openReports} open {item.openReports === 1 ? 'report' : 'reports'}
            </li>
          )}
        </ul>
      )}
      <div
        className="mt-4 max-h-96 overflow-auto rounded border border-stone-100 bg-paper p-4"
        tabIndex={0}
        role="region"
        aria-label={`Text of “${item.title}”`}
      >
        <PoemText text={item.text} language={item.language} className="text-base" />
      </div>
      {item.reason && (
        <p className="mt-3 text-sm" dir="auto">
          <span className="font-semibold">Reason given to the poet:</span> {item.reason}
        </p>
      )}
      {item.reports.length > 0 && (
        <details className="mt-3 text-sm" open={openReports.length > 0}>
          <summary className="font-semibold">
            Reports ({openReports.length} open, {item.reports.length} in all)
          </summary>
          <ul className="mt-2 space-y-2">
            {item.reports.map((report) => (
              <li key={report.id} className="rounded border border-stone-200 p-2">
                <span className="font-semibold">{REASON_TEXT[report.reason].label}</span> · {report.status} ·{' '}
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
      <div className="mt-4 space-y-3">
        <FormAlert>{problem}</FormAlert>
        {item.own ? (
          <p className="text-sm text-ink-soft">This is your own poem: another moderator decides.</p>
        ) : (
          <>
            {asking && (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                  Reason the poet will read
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
                  {asking === action ? `Confirm: ${ACTION_LABEL[action].toLowerCase()}` : ACTION_LABEL[action]}
                  <span className="sr-only"> “{item.title}”</span>
                </button>
              ))}
              {asking && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(null)}>
                  Cancel
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}
