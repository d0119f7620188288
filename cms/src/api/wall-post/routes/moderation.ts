import { signedIn } from '../../../auth/routes';

// The moderation queue: moderators and admins only (401 without a token, 403 for any other role).
export default {
  routes: [
    { method: 'GET', path: '/admin/wall/posts', handler: 'moderation.queue', config: signedIn({ roles: ['moderator', 'admin'] }) },
    { method: 'POST', path: '/admin/wall/posts/:id/decisions', handler: 'moderation.decide', config: signedIn({ roles: ['moderator', 'admin'] }) },
  ],
};
