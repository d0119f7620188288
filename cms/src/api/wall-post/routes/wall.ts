import { signedIn } from '../../../auth/routes';

const VERIFIED = ['global::verified-email'];

// The public wall is read without a token; posting, liking and reporting need a signed-in poet with a verified email.
export default {
  routes: [
    { method: 'GET', path: '/wall/posts', handler: 'wall.list', config: { auth: false } },
    { method: 'GET', path: '/wall/my-posts', handler: 'wall.mine', config: signedIn() },
    { method: 'GET', path: '/wall/likes', handler: 'wall.liked', config: signedIn() },
    { method: 'GET', path: '/wall/posts/:id', handler: 'wall.show', config: { auth: false } },
    { method: 'POST', path: '/wall/posts', handler: 'wall.create', config: signedIn({ policies: VERIFIED }) },
    { method: 'DELETE', path: '/wall/posts/:id', handler: 'wall.remove', config: signedIn() },
    { method: 'PUT', path: '/wall/posts/:id/like', handler: 'wall.like', config: signedIn({ policies: VERIFIED }) },
    { method: 'DELETE', path: '/wall/posts/:id/like', handler: 'wall.unlike', config: signedIn({ policies: VERIFIED }) },
    { method: 'POST', path: '/wall/posts/:id/reports', handler: 'wall.report', config: signedIn({ policies: VERIFIED }) },
  ],
};
