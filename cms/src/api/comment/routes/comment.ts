import { signedIn, signedInOrVisitor } from '../../../auth/routes';

const VERIFIED = ['global::verified-email'];

// Anyone reads a poem's comments (a signed-in reader also sees their own waiting ones); writing and reporting need a
// signed-in poet with a verified email; moderators and admins decide.
export default {
  routes: [
    { method: 'GET', path: '/wall/posts/:id/comments', handler: 'comment.list', config: signedInOrVisitor() },
    { method: 'POST', path: '/wall/posts/:id/comments', handler: 'comment.create', config: signedIn({ policies: VERIFIED }) },
    { method: 'PUT', path: '/wall/posts/:id/comments-open', handler: 'comment.setOpen', config: signedIn() },
    { method: 'POST', path: '/wall/comments/:id/reports', handler: 'comment.report', config: signedIn({ policies: VERIFIED }) },
    { method: 'POST', path: '/wall/comments/:id/block-author', handler: 'comment.blockAuthor', config: signedIn() },
    { method: 'GET', path: '/admin/wall/comments', handler: 'moderation.queue', config: signedIn({ roles: ['moderator', 'admin'] }) },
    { method: 'POST', path: '/admin/wall/comments/:id/decisions', handler: 'moderation.decide', config: signedIn({ roles: ['moderator', 'admin'] }) },
  ],
};
