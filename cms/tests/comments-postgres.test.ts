// Comments' paths that lean on the database, on PostgreSQL: one decision of two on a comment, a hold by reports that
// arrive together, one block when the same block is sent at once, and the per-poet comment limit under a burst.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsOnPostgres, type CmsOnPostgres } from './helpers/cms-on-postgres';
import type { TestCms } from './helpers/strapi';

const COMMENT = 'api::comment.comment';
const BLOCK = 'api::block.block';
const NOTIFICATION = 'api::notification.notification';

describe('comments on PostgreSQL', () => {
  let cms: TestCms;
  let seq = 0;
  const comments = () => cms.strapi.service('api::comment.comments' as any);
  const moderation = () => cms.strapi.service('api::comment.moderation' as any);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { status?: number }) => error.status,
    );

  async function poet() {
    const uid = `pg-commenter-${++seq}`;
    return cms.strapi.db
      .query('plugin::users-permissions.user')
      .create({ data: { username: uid, firebaseUid: uid, email: `${uid}@writory.test`, emailVerified: true, name: uid } });
  }

  async function approvedPoem(author: { id: number }): Promise<number> {
    const post = await cms.strapi.service('api::wall-post.posts' as any).create(author, { title: `Poem ${++seq}`, text: 'salt', language: 'en' });
    await cms.strapi.service('api::wall-post.moderation' as any).decide({ id: 0, name: 'Test moderator' }, post.id, { action: 'approve', seen: 'pending' });
    return post.id;
  }

  /** A comment shown at once: its author's first one approved by a moderator. */
  async function shownComment(postId: number, author: { id: number }) {
    const first = await comments().create(author, postId, { text: 'first' });
    await moderation().decide({ id: 0, name: 'Test moderator' }, first.id, { action: 'approve', seen: 'pending' });
    return first.id as number;
  }

  let stack: CmsOnPostgres;
  beforeAll(async () => {
    stack = await startCmsOnPostgres({ WALL_COMMENTS_PER_HOUR: '5', WALL_REPORTS_TO_HOLD: '3' }, { auth: false });
    ({ cms } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lets one of two simultaneous decisions through, with one notice to the author', async () => {
    const author = await poet();
    const { id } = await comments().create(author, await approvedPoem(await poet()), { text: 'held' });
    const before = await cms.strapi.db.query(NOTIFICATION).count({ where: { userId: author.id } });
    // Two moderators approve at once: whichever order the machine runs them in, the second finds the comment decided
    // (in the same instant, by the conditional update; a moment later, by the state it reads). An approval and a
    // rejection would not say so: a rejection that ends before the approval reads leaves a rejected comment, which
    // may be approved.
    const answers = await Promise.all([
      refusal(moderation().decide({ id: 0, name: 'One' }, id, { action: 'approve', seen: 'pending' })),
      refusal(moderation().decide({ id: -1, name: 'Two' }, id, { action: 'approve', seen: 'pending' })),
    ]);
    expect(answers.sort()).toEqual([409, null].sort());
    expect(await cms.strapi.db.query(NOTIFICATION).count({ where: { userId: author.id } })).toBe(before + 1);
  });

  it('holds a comment at its third report, once, when the reports arrive together', async () => {
    const postId = await approvedPoem(await poet());
    const id = await shownComment(postId, await poet());
    const reporters = await Promise.all([poet(), poet(), poet(), poet()]);
    const answers = await Promise.allSettled(reporters.map((reporter) => comments().report(reporter, id, { reason: 'spam' })));
    expect(answers.filter((answer) => answer.status === 'fulfilled' && (answer.value as { held: boolean }).held)).toHaveLength(1);
    const row = await cms.strapi.db.query(COMMENT).findOne({ where: { id } });
    expect(row.moderationStatus).toBe('held');
    expect(row.openReports).toBe(answers.filter((answer) => answer.status === 'fulfilled').length);
  });

  it('keeps one block when the same block is sent four times at once', async () => {
    const blocker = await poet();
    const id = await shownComment(await approvedPoem(blocker), await poet());
    await Promise.all(Array.from({ length: 4 }, () => comments().blockAuthor(blocker, id)));
    expect(await cms.strapi.db.query(BLOCK).count({ where: { ownerId: blocker.id } })).toBe(1);
  });

  it('counts a burst of comments against the hourly limit', async () => {
    const author = await poet();
    const postId = await approvedPoem(await poet());
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => refusal(comments().create(author, postId, { text: `burst ${i}` }))));
    expect(answers.filter((status) => status === null)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
    expect(await cms.strapi.db.query(COMMENT).count({ where: { authorId: author.id } })).toBe(5);
  });
});
