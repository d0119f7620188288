import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'POST', path: '/feedback', handler: 'feedback.create', config: signedIn({ policies: ['global::verified-email'] }) },
    { method: 'GET', path: '/admin/feedback', handler: 'feedback.list', config: signedIn({ roles: ['admin'] }) },
  ],
};
