// Demo posts for the Writory Wall (several scripts and directions, every state a moderator meets). The wall
// benchmark's 100,000 posts are the bench's own data (bench/seed/wall.mjs), which takes these as its models.
import type { Core } from '@strapi/strapi';
import { prefilterFlags } from '../../api/wall-post/lib/prefilter';
import { LIKE, POST } from '../../api/wall-post/lib/posts';
import { getService } from '../../services';

interface DemoPost {
  poet: string;
  title: string;
  language: string;
  text: string;
  status: 'approved' | 'pending' | 'rejected';
  reason?: string;
  likedBy?: string[];
}

const POET = 'demo-poet-0001';
const RUMI = 'demo-poet-0002';
const JUDGE = 'demo-judge-0001';
const MOD = 'demo-moderator-0001';

export const DEMO_WALL_POSTS: DemoPost[] = [
  {
    poet: POET,
    title: 'Kitchen Window at Six',
    language: 'en',
    status: 'approved',
    likedBy: [RUMI, JUDGE, MOD],
    text: 'The kettle clears its throat.\nOutside, the street is still deciding\nwhether to be morning.\n\n    My mother’s hands\n    already know the day,\n    folding it like bread.',
  },
  {
    poet: RUMI,
    title: 'رسالة إلى البحر',
    language: 'ar',
    status: 'approved',
    likedBy: [POET, MOD],
    text: 'يا بحرُ، خذْ رسالتي\nواحملْها إلى الشاطئ البعيد\n\nهناك، حيث تنامُ أمّي\nتحت شجرة الزيتون\nقلْ لها: ما زلتُ أكتب',
  },
  {
    poet: POET,
    title: 'बारिश की पहली बूँद',
    language: 'hi',
    status: 'approved',
    likedBy: [RUMI],
    text: 'बारिश की पहली बूँद\nमिट्टी से कुछ कहती है,\n    और मिट्टी\nचुपचाप मुस्कुराती है।',
  },
  {
    poet: JUDGE,
    title: 'Bus Stop, November',
    language: 'en',
    status: 'approved',
    text: 'Three strangers and one umbrella:\na small country\nwith its own weather.',
  },
  {
    poet: RUMI,
    title: 'Canción del agua',
    language: 'es',
    status: 'approved',
    likedBy: [POET],
    text: 'El agua no pregunta\npor dónde va el camino;\nlo canta.',
  },
  {
    poet: POET,
    title: 'What the Lighthouse Knows',
    language: 'en',
    status: 'approved',
    text: 'Every night the same sentence,\nturned slowly toward the dark:\nhere, here, here.\n\nNo ship has ever answered.\nIt keeps speaking anyway.',
  },
  {
    poet: RUMI,
    title: 'Exam week',
    language: 'en',
    status: 'pending',
    text: 'Coffee, flashcards, and the shit feeling\nthat the clock is faster than me.',
  },
  {
    poet: POET,
    title: 'Untitled draft',
    language: 'en',
    status: 'rejected',
    reason: 'This reads like a note rather than a poem. Add a few more lines and share it again.',
    text: 'remember to buy milk',
  },
];

async function userIds(strapi: Core.Strapi): Promise<Map<string, number>> {
  const rows = await strapi.db
    .query('plugin::users-permissions.user')
    .findMany({ where: { firebaseUid: { $startsWith: 'demo-' } }, select: ['id', 'firebaseUid'] });
  return new Map(rows.map((row: { id: number; firebaseUid: string }) => [row.firebaseUid, row.id]));
}

/** The demo posts, once (spread over the last days, newest last in the list = newest on the wall). */
export async function seedWallDemo(strapi: Core.Strapi) {
  if ((await strapi.db.query(POST).count()) > 0) return;
  const ids = await userIds(strapi);
  const start = Date.now() - DEMO_WALL_POSTS.length * 3 * 3600_000;
  for (const [index, post] of DEMO_WALL_POSTS.entries()) {
    const at = new Date(start + index * 3 * 3600_000);
    const flags = prefilterFlags(post.title, post.text);
    const row = await strapi.db.query(POST).create({
      data: {
        title: post.title,
        text: post.text,
        language: post.language,
        moderationStatus: post.status,
        moderationReason: post.reason ?? null,
        poet: ids.get(post.poet),
        likesCount: post.likedBy?.length ?? 0,
        openReports: 0,
        flagged: flags.length > 0,
        prefilterFlags: flags,
        approvedAt: post.status === 'approved' ? at : null,
        moderatedAt: post.status === 'pending' ? null : at,
        moderatedBy: post.status === 'pending' ? null : 'Mei Tan',
        createdAt: at,
      },
    });
    for (const uid of post.likedBy ?? []) await strapi.db.query(LIKE).create({ data: { postId: row.id, userId: ids.get(uid) } });
    await getService(strapi, 'api::originality.originality').register('wall-post', row.id, post.text);
  }
}
