import { signedIn } from '../../../auth/routes';

// Owner-only: every action works on the caller's own notifications; anyone else's id answers 404.
export default {
  routes: [
    { method: 'GET', path: '/notifications', handler: 'notification.list', config: signedIn() },
    { method: 'GET', path: '/notifications/stream', handler: 'notification.stream', config: signedIn() },
    { method: 'POST', path: '/notifications/read-all', handler: 'notification.readAll', config: signedIn() },
    { method: 'POST', path: '/notifications/clear-all', handler: 'notification.clearAll', config: signedIn() },
    { method: 'POST', path: '/notifications/:id/read', handler: 'notification.read', config: signedIn() },
    { method: 'DELETE', path: '/notifications/:id/delete', handler: 'notification.remove', config: signedIn() },
  ],
};
