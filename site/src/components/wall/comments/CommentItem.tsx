import { useState } from 'react';
import type { WallComment } from '@writory/shared';
import Avatar from '../../react/Avatar';
import PoetName from '../PoetName';
import { FormAlert, Notice } from '../../react/Message';
import { blockCommentAuthor } from '../../../api/comments';
import { apiErrorBody } from '../../../lib/api';
import { formatWallDate } from '../../../lib/wall';
import { t } from '../../../i18n/t';
import CommentForm from './CommentForm';
import CommentReport from './CommentReport';

interface Props {
  comment: WallComment;
  /** The reader is signed in and may reply here (comments open, a top-level comment). */
  canReply: boolean;
  signedIn: boolean;
}

/** One comment (or critique) as plain text with its line breaks, its replies below it, and what the reader may do. */
export default function CommentItem({ comment, canReply, signedIn }: Props) {
  const [replying, setReplying] = useState(false);
  const [asking, setAsking] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = comment.author.name;
  const shown = comment.status === 'approved';

  const block = async () => {
    setProblem(null);
    try {
      await blockCommentAuthor(comment.id);
      setAsking(false);
      setBlocked(t('comments.blocked', { name }));
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? t('comments.blockFailed'));
    }
  };

  return (
    <article id={`comment-${comment.id}`} className="scroll-mt-24 rounded-lg border border-stone-200 bg-white p-4" data-testid="comment">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft">
        <Avatar name={name} pictureUrl={comment.author.pictureUrl} className="h-7 w-7 text-xs" />
        <PoetName poet={comment.author} />
        {comment.own && <span>({t('comments.you')})</span>}
        <span aria-hidden="true">·</span>
        <time dateTime={comment.createdAt}>{formatWallDate(comment.createdAt)}</time>
        {comment.critique && <span className="rounded bg-parchment px-2 py-0.5 text-xs font-semibold text-ink">{t('comments.critiqueBadge')}</span>}
        {!shown && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">{t('comments.waiting')}</span>}
      </header>
      {comment.critique && (
        <dl className="mt-3 space-y-2">
          <div>
            <dt className="text-sm font-semibold">{t('comments.works')}</dt>
            <dd dir="auto" className="whitespace-pre-wrap break-words [unicode-bidi:plaintext]" data-testid="critique-works">
              {comment.critique.works}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">{t('comments.stronger')}</dt>
            <dd dir="auto" className="whitespace-pre-wrap break-words [unicode-bidi:plaintext]" data-testid="critique-stronger">
              {comment.critique.stronger}
            </dd>
          </div>
        </dl>
      )}
      {comment.text && (
        <p dir="auto" className="mt-3 whitespace-pre-wrap break-words [unicode-bidi:plaintext]" data-testid="comment-text">
          {comment.text}
        </p>
      )}
      {signedIn && shown && !comment.own && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {canReply && (
            <button type="button" className="btn btn-ghost btn-sm" aria-expanded={replying} onClick={() => setReplying(!replying)}>
              {t('comments.reply')}
              <span className="sr-only"> {t('comments.replyTo', { name })}</span>
            </button>
          )}
          <CommentReport id={comment.id} author={name} />
          {!blocked && (
            <button type="button" className="btn btn-ghost btn-sm" aria-expanded={asking} onClick={() => setAsking(!asking)}>
              {t('comments.block')}
            </button>
          )}
        </div>
      )}
      {asking && !blocked && (
        <div className="mt-3 space-y-2 rounded-md border border-stone-300 bg-paper p-3 text-sm">
          <p>{t('comments.blockConfirm', { name })}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-destructive btn-sm" onClick={() => void block()}>
              {t('comments.blockYes')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
              {t('comments.cancel')}
            </button>
          </div>
        </div>
      )}
      <FormAlert>{problem}</FormAlert>
      <Notice className="mt-3">{blocked}</Notice>
      {replying && (
        <div className="mt-3">
          <CommentForm postId={comment.postId} parentId={comment.id} label={t('comments.replyTo', { name })} onCancel={() => setReplying(false)} />
        </div>
      )}
      {comment.replies.length > 0 && (
        <ol className="mt-4 space-y-3 border-s-2 border-stone-200 ps-4">
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} canReply={false} signedIn={signedIn} />
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
