import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import CommentForm from '../components/wall/comments/CommentForm';
import CommentItem from '../components/wall/comments/CommentItem';
import { FormAlert } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { apiErrorBody } from '../lib/api';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';
import { $comments, changeCommentsOpen, loadComments, loadMoreComments } from '../stores/wall-comments';
import { $wallPost } from '../stores/wall-post';

/** The comments under a wall poem on /writory-wall/post?id=N: read by anyone, written by signed-in poets. */
export default function WallComments() {
  // The poem may already be loaded (by the poem's own island) when this one hydrates: nothing until after hydration,
  // so the first render matches the built HTML.
  const hydrated = useHydrated();
  const post = useStore($wallPost);
  const status = useStore($authStatus);
  const state = useStore($comments);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const postId = post.kind === 'ready' ? post.post.id : null;

  // Again once the reader's sign-in is known: a signed-in reader also sees their own waiting comments.
  useEffect(() => {
    if (postId !== null && status !== 'loading') void loadComments(postId);
  }, [postId, status]);

  // A link from the bell names one comment (#comment-N): it is on the page only once the comments are read.
  useEffect(() => {
    if (state.state !== 'ready' || !window.location.hash.startsWith('#comment-')) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [state.state]);

  if (!hydrated || postId === null) return null;
  const signedIn = status === 'signed-in';
  const viewer = state.viewer;

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? fallback);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="comments-title" className="mt-12 space-y-6" data-testid="wall-comments">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-title" className="font-serif text-2xl font-semibold">
          {t('comments.title')}
        </h2>
        {viewer?.isPoemPoet && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => void run(() => changeCommentsOpen(postId, !state.open), t('comments.offFailed'))}
          >
            {state.open ? t('comments.turnOff') : t('comments.turnOn')}
          </button>
        )}
      </div>
      <FormAlert>{problem}</FormAlert>
      {state.state === 'loading' || state.postId !== postId ? (
        <p role="status" className="text-ink-soft">
          {t('comments.loading')}
        </p>
      ) : state.state === 'failed' ? (
        <p role="alert">{t('comments.failed')}</p>
      ) : (
        <>
          {state.comments.length === 0 ? (
            <p className="text-ink-soft">{t('comments.none')}</p>
          ) : (
            <ol className="space-y-4">
              {state.comments.map((comment) => (
                <li key={comment.id}>
                  <CommentItem comment={comment} signedIn={signedIn} canReply={state.open && !viewer?.blockedByPoet} />
                </li>
              ))}
            </ol>
          )}
          {state.nextCursor && (
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void run(loadMoreComments, t('comments.failed'))}>
              {busy ? t('comments.loadingMore') : t('comments.more')}
            </button>
          )}
          <div className="border-t border-stone-200 pt-6">
            {!state.open ? (
              <p className="text-ink-soft" data-testid="comments-closed">
                {t('comments.closedNote')}
              </p>
            ) : !signedIn ? (
              <a className="btn btn-outline" href={`/auth?${new URLSearchParams({ next: `/writory-wall/post?id=${postId}` })}`}>
                {t('comments.signInToComment')}
              </a>
            ) : viewer?.blockedByPoet ? (
              <p className="text-ink-soft">{t('comments.blockedNote')}</p>
            ) : (
              <>
                <h3 className="mb-3 font-semibold">{t('comments.formTitle')}</h3>
                <CommentForm postId={postId} />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
