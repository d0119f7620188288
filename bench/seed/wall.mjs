// 100,000 Writory Wall posts by the bench poets over the last year, in every moderation state (most approved,
// some pending, rejected, hidden or held, with the moderator's reason), and their likes: one wall_likes row
// per poet and post, likesCount equal to the rows (a few posts very liked, most barely). Not seeded: reports
// and the posts' originality fingerprints (only the moderation queue's near-duplicate hint reads them).
import { count, cmsModule, insertMany, link, random } from './lib.mjs';

const POST = 'api::wall-post.wall-post';
const LIKE = 'api::wall-post.wall-like';
const TARGET = 100_000;
const STATES = [...Array(85).fill('approved'), ...Array(7).fill('pending'), ...Array(4).fill('rejected'), ...Array(2).fill('hidden'), ...Array(2).fill('held')];
const REASONS = {
  rejected: 'This reads like a note rather than a poem.',
  hidden: 'Hidden after reports: not the poet’s own words.',
  held: 'Held while we check a report.',
};
const YEAR_MS = 365 * 86_400_000;

export default {
  name: 'wall posts',
  table: 'wall_posts',
  target: TARGET,
  present: (strapi) => count(strapi, POST),
  async seed(strapi, missing, { cmsDir }) {
    const models = cmsModule(cmsDir, 'src/seed/demo/wall.js').DEMO_WALL_POSTS;
    const poets = (await strapi.db.connection('up_users').select('id').where('firebase_uid', 'like', 'bench-poet-%').orderBy('id')).map((r) => r.id);
    if (poets.length === 0) throw new Error('seed the poets before their wall posts');
    const rng = random(606 + missing);
    const now = Date.now();
    const rows = [];
    const authors = [];
    const likes = [];
    for (let i = 0; i < missing; i++) {
      const model = models[i % models.length];
      const status = rng.pick(STATES);
      const created = new Date(now - YEAR_MS + Math.floor((i / missing) * YEAR_MS) - rng.int(0, 3_600_000));
      const decided = status === 'pending' ? null : new Date(created.getTime() + rng.int(5, 600) * 60_000);
      // Likes: a long tail (most posts 0–5, one in fifty up to 200), only on posts that were public.
      const liked = status === 'approved' || status === 'hidden' ? (rng.next() < 0.02 ? rng.int(20, 200) : rng.int(0, 5)) : 0;
      likes.push(liked);
      rows.push({
        title: `${model.title} (${i + 1})`,
        text: model.text,
        language: model.language,
        moderationStatus: status,
        moderationReason: REASONS[status] ?? null,
        openReports: 0,
        likesCount: liked,
        flagged: false,
        prefilterFlags: [],
        approvedAt: status === 'approved' || status === 'hidden' ? decided : null,
        moderatedAt: decided,
        moderatedBy: decided ? 'Mei Tan' : null,
        createdAt: created,
        updatedAt: decided ?? created,
      });
      authors.push(rng.pick(poets));
    }
    const ids = await insertMany(strapi, POST, rows);
    await link(
      strapi,
      POST,
      'poet',
      ids.map((id, i) => [id, authors[i]]),
    );
    const likeRows = [];
    ids.forEach((postId, i) => {
      const start = rng.int(0, poets.length - 1);
      for (let k = 0; k < likes[i]; k++) likeRows.push({ postId, userId: poets[(start + k * 37) % poets.length] });
    });
    await insertMany(strapi, LIKE, likeRows, { chunk: 20_000 });
  },
};
