// Every benchmark, in the order a full run takes them (grouped so the cms restarts as few times as possible:
// production mode first, then signed-in mode for the ones that need signed-in users). Add a capability's
// benchmark here.
import pages from './pages.mjs';
import lighthouse from './lighthouse.mjs';
import staticHtml from './static-html.mjs';
import wall from './wall.mjs';
import visits from './visits.mjs';
import api from './api.mjs';
import notifications from './notifications.mjs';
import live from './live.mjs';
import uploads from './uploads.mjs';
import polling from './polling.mjs';
import rebuild from './rebuild.mjs';
import publication from './publication.mjs';
import contestDay from './contest-day.mjs';
import judgingQueue from './judging-queue.mjs';

export const BENCHMARKS = [
  pages,
  lighthouse,
  staticHtml,
  wall,
  visits,
  api,
  notifications,
  live,
  uploads,
  polling,
  rebuild,
  publication,
  contestDay,
  judgingQueue,
];
