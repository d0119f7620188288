import { signedIn, signedInOrVisitor } from '../../../auth/routes';

export default {
  routes: [
    { method: 'POST', path: '/track-visit-realtime', handler: 'visit.track', config: signedInOrVisitor() },
    { method: 'GET', path: '/admin/visits/summary', handler: 'visit.summary', config: signedIn({ roles: ['admin'] }) },
    { method: 'GET', path: '/admin/visits/export', handler: 'visit.export', config: signedIn({ roles: ['admin'] }) },
  ],
};
