// Everything the comment domain says to a person, one message per code, in one place: the cms sends the code in the
// error's details (and the notification's), so a translated catalogue can replace the English words.
import { wallPostPath } from '@writory/shared';
import { msg, type Message } from '../../lib/messages';

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
  'comment.decision-refused': (action: string, status: Message, allowed: Message) => msg('comment.decisionRefused', { action, status, allowed }),
  'comment.limit-comments': msg('comment.commentsLimit'),
  'comment.limit-reports': msg('comment.reportsLimit'),
} as const;

export type CommentMessageCode = keyof typeof COMMENT_MESSAGES;

const commentLink = (postId: number, commentId: number) => `${wallPostPath(postId)}#comment-${commentId}`;

/** A notice with the moderator's reason after it, when there is one. */
const withReason = (notice: Message, reason: string | null): Message => (reason ? msg('notice.reason', { notice, reason }) : notice);

/** What the bell says, one notice per code (said in the recipient's language when stored). */
export const COMMENT_NOTICES = {
  'comment.new-on-your-poem': (post: { id: number; title: string }, commentId: number, critique: boolean) => ({
    title: msg(critique ? 'notice.newCritiqueTitle' : 'notice.newCommentTitle'),
    message: msg(critique ? 'notice.newCritique' : 'notice.newComment', { title: post.title }),
    link: commentLink(post.id, commentId),
  }),
  'comment.reply-to-you': (post: { id: number; title: string }, commentId: number) => ({
    title: msg('notice.replyTitle'),
    message: msg('notice.reply', { title: post.title }),
    link: commentLink(post.id, commentId),
  }),
  'comment.hidden': (post: { id: number; title: string }, reason: string | null) => ({
    title: msg('notice.commentHiddenTitle'),
    message: withReason(msg('notice.commentHidden', { title: post.title }), reason),
    link: wallPostPath(post.id),
  }),
  'comment.rejected': (post: { id: number; title: string }, reason: string | null) => ({
    title: msg('notice.commentRejectedTitle'),
    message: withReason(msg('notice.commentRejected', { title: post.title }), reason),
    link: wallPostPath(post.id),
  }),
  'comment.approved': (post: { id: number; title: string }, commentId: number) => ({
    title: msg('notice.commentApprovedTitle'),
    message: msg('notice.commentApproved', { title: post.title }),
    link: commentLink(post.id, commentId),
  }),
  'comment.restored': (post: { id: number; title: string }, commentId: number) => ({
    title: msg('notice.commentRestoredTitle'),
    message: msg('notice.commentRestored', { title: post.title }),
    link: commentLink(post.id, commentId),
  }),
};
