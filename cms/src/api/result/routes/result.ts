import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });

// Publishing (upload-csv, results/publish), the months and the poet's score cards are the publication domain's routes.
export default {
  routes: [{ method: 'POST', path: '/admin/results/preview', handler: 'result.preview', config: admin }],
};
