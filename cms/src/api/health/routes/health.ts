import { signedIn } from '../../../auth/routes';

export default {
  routes: [
    { method: 'GET', path: '/health', handler: 'health.check', config: { auth: false } },
    // Prometheus's scrape target: the text format, to this machine and private networks only.
    { method: 'GET', path: '/metrics', handler: 'health.metrics', config: { auth: false, policies: ['global::local-network'] } },
    // The admin dashboard's few figures from the same counters.
    { method: 'GET', path: '/admin/health', handler: 'health.summary', config: signedIn({ roles: ['admin'] }) },
  ],
};
