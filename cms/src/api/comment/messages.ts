// Everything the comment domain says to a person, one message per code, in one place: the cms sends the code in the
// error's details (and the notification's), so a translated catalogue can replace the English words.
import { wallPostPath } from '@writory/shared';

const quoted = (title: string) => `“${title}”`;

export const COMMENT_MESSAGES = {
  'comment.post-not-found': (postId: number) => `No poem number ${postId} is on the wall. It may have been taken down; go back to the wall.`,
  'comment.not-found': (id: number) => `No comment number ${id} is shown on the wall. It may have been taken down; reload the poem.`,
  'comment.parent-not-found': (id: number) => `No comment number ${id} is shown on this poem to reply to. Reload the poem and reply to a comment you see.`,
  'comment.reply-depth': 'Replies go one level deep: reply to the comment itself, not to a reply.',
  'comment.closed': 'The poet has turned comments off for this poem. You can still read the comments already there.',
  'comment.blocked-by-poet': 'The poet of this poem does not take comments from you, so you cannot comment here.',
  'comment.blocked-by-author': 'The poet who wrote this comment does not take replies from you, so you cannot reply to it.',
  'comment.not-poem-poet': 'Only the poet who shared this poem can turn its comments on or off.',
  'comment.report-own': 'You cannot report your own comment.',
  'comment.report-twice': 'You have already reported this comment. A moderator will look at it.',
  'comment.moderate-own': 'You cannot moderate your own comment: another moderator will decide.',
  'comment.decided-meanwhile': 'Another moderator decided on this comment a moment ago. Reload the list.',
  'comment.no-reports': 'This comment has no open reports to dismiss.',
  'comment.decision-refused': (action: string, status: string, allowed: string) =>
    `This comment is ${status}; "${action}" applies only to a comment that is ${allowed}.`,
  'comment.limit-comments': 'You have written as many comments as an hour allows.',
  'comment.limit-reports': 'You have sent as many reports as a day allows. Moderators are looking at them.',
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
