import { signedIn } from '../../../auth/routes';

// A poet's own blocks: the list and lifting one. Blocking happens where the other poet is met (a comment:
// POST /api/wall/comments/:id/block-author; a poet's page at merge).
export default {
  routes: [
    { method: 'GET', path: '/blocks', handler: 'block.list', config: signedIn() },
    { method: 'DELETE', path: '/blocks/:id', handler: 'block.remove', config: signedIn() },
  ],
};
