// Everything the comment domain says to a person, one message per code, in one place: the cms sends the code in the
// error's details (and the notification's), so a translated catalogue can replace the English words.
import { wallPostPath } from '@writory/shared';
import { msg } from '../../lib/messages';

const quoted = (title: string) => `“${title}”`;

// The words are the cms catalogue's (lib/messages: en, hi, ar), said in the reader's language.
export const COMMENT_MESSAGES = {
  'comment.post-not-found': (postId: number) => msg('comment.postNotFound', { id: postId }),
  'comment.not-found': (id: number) => msg('comment.notFound', { id }),
  'comment.parent-not-found': (id: number) => msg('comment.parentNotFound', { id }),
  'comment.reply-depth': msg('comment.replyDepth'),
  'comment.closed': msg('comment.closed'),
  'comment.blocked-by-poet': msg('comment.blockedByPoet'),
  'comment.blocked-by-author': msg('comment.blockedByAuthor'),
  'comment.not-poem-poet': msg('comment.notPoemPoet'),
  'comment.report-own': msg('comment.reportOwn'),
  'comment.report-twice': msg('comment.reportTwice'),
  'comment.moderate-own': msg('comment.moderateOwn'),
  'comment.decided-meanwhile': msg('comment.decidedMeanwhile'),
  'comment.no-reports': msg('comment.noReports'),
  'comment.decision-refused': (action: string, status: string, allowed: string) =>
    `This comment is ${status}; "${action}" applies only to a comment that is ${allowed}.`,
  'comment.limit-comments': msg('comment.commentsLimit'),
  'comment.limit-reports': msg('comment.reportsLimit'),
} as const;

export type CommentMessageCode = keyof typeof COMMENT_MESSAGES;

const commentLink = (postId: number, commentId: number) => `${wallPostPath(postId)}#comment-${commentId}`;

/** What the bell says, one notice per code. */
export const COMMENT_NOTICES = {
  'comment.new-on-your-poem': (post: { id: number; title: string }, commentId: number, critique: boolean) => ({
    title: critique ? 'New critique on your poem' : 'New comment on your poem',
    message: `A poet ${critique ? 'wrote a critique of' : 'commented on'} ${quoted(post.title)} on the Writory Wall.`,
    link: commentLink(post.id, commentId),
  }),
  'comment.reply-to-you': (post: { id: number; title: string }, commentId: number) => ({
    title: 'A reply to your comment',
    message: `A poet replied to your comment on ${quoted(post.title)}.`,
    link: commentLink(post.id, commentId),
  }),
  'comment.hidden': (post: { id: number; title: string }, reason: string | null) => ({
    title: 'Your comment was taken down',
    message: `A moderator took down your comment on ${quoted(post.title)}.${reason ? ` Reason: ${reason}` : ''}`,
    link: wallPostPath(post.id),
  }),
  'comment.rejected': (post: { id: number; title: string }, reason: string | null) => ({
    title: 'Your comment was not approved',
    message: `A moderator did not approve your comment on ${quoted(post.title)}.${reason ? ` Reason: ${reason}` : ''}`,
    link: wallPostPath(post.id),
  }),
  'comment.approved': (post: { id: number; title: string }, commentId: number) => ({
    title: 'Your comment is on the wall',
    message: `Your comment on ${quoted(post.title)} was approved; your next comments show at once.`,
    link: commentLink(post.id, commentId),
  }),
  'comment.restored': (post: { id: number; title: string }, commentId: number) => ({
    title: 'Your comment is back',
    message: `A moderator looked at your comment on ${quoted(post.title)} again and put it back.`,
    link: commentLink(post.id, commentId),
  }),
};
