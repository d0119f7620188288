import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

// Publishing winners (upload-winners) is the publication domain's route.
export default {
  routes: [
    { method: 'GET', path: '/winners', handler: 'winner.index', config: { auth: false } },
    { method: 'GET', path: '/winners/:id', handler: 'winner.detail', config: { auth: false } },
    // A published winner's author photo (entry photos are otherwise private).
    { method: 'GET', path: '/winners/:id/photo', handler: 'winner.photo', config: { auth: false } },
    { method: 'GET', path: '/admin/winners/suggestions', handler: 'winner.suggestions', config: admin },
  ],
};
