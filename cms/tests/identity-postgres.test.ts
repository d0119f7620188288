// The identity paths that lean on the database (unique firebase_uid under a burst, counts, role changes) on PostgreSQL.
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsOnPostgres, type CmsWithAuthOnPostgres } from './helpers/cms-on-postgres';

describe('identity on PostgreSQL', () => {
  let stack: CmsWithAuthOnPostgres;
  let api: ReturnType<typeof supertest>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    stack = await startCmsOnPostgres({ ADMIN_EMAILS: 'boss@writory.test' });
    ({ api } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('creates exactly one user when the first requests of a new account arrive together', async () => {
    const poet = await stack.emulator.signUp('burst@writory.test');
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.get('/api/users/me').set(bearer(poet.idToken))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(answers.every((r) => r.body.uid === poet.uid && r.body.role === 'authenticated')).toBe(true);
    expect(await stack.cms.strapi.db.query('plugin::users-permissions.user').count({ where: { firebaseUid: poet.uid } })).toBe(1);
  });

  it('loses no request when new poets sign in while an admin changes roles', async () => {
    const signIn = (email: string) => stack.emulator.createUser({ email, emailVerified: true });
    const boss = await signIn('boss-roles@writory.test');
    await api.get('/api/users/me').set(bearer(boss.idToken)).expect(200);
    const adminRole = await stack.cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'admin' } });
    await stack.cms.strapi.db.query('plugin::users-permissions.user').update({ where: { firebaseUid: boss.uid }, data: { role: adminRole.id } });
    const judges: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 0; i < 8; i++) {
      const judge = await signIn(`to-judge-${i}@writory.test`);
      await api.get('/api/users/me').set(bearer(judge.idToken)).expect(200);
      judges.push(judge);
    }
    for (let round = 0; round < 4; round++) {
      const newcomers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`crowd-${round}-${i}@writory.test`)));
      const role = round % 2 === 0 ? 'judge' : 'moderator';
      const answers = await Promise.all([
        ...newcomers.map((poet) => api.get('/api/users/me').set(bearer(poet.idToken))),
        ...judges.map((judge) => api.put(`/api/admin/users/${judge.uid}/role`).set(bearer(boss.idToken)).send({ role })),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(200));
      const roles = await stack.cms.strapi.db
        .query('plugin::users-permissions.user')
        .findMany({ where: { firebaseUid: { $in: judges.map((j) => j.uid) } }, populate: ['role'] });
      expect(roles.map((row: { role: { type: string } }) => row.role.type)).toEqual(Array(judges.length).fill(role));
    }
    expect(await stack.cms.strapi.db.query('plugin::users-permissions.user').count({ where: { email: { $startsWith: 'crowd-' } } })).toBe(32);
  });

  it('makes a verified ADMIN_EMAILS email an Admin and guards /api/admin', async () => {
    const boss = await stack.emulator.createUser({ email: 'boss@writory.test', emailVerified: true });
    const poet = await stack.emulator.createUser({ email: 'plain@writory.test', emailVerified: true });
    await api.get('/api/admin/whoami').set(bearer(boss.idToken)).expect(200, { uid: boss.uid, email: 'boss@writory.test', role: 'admin' });
    await api.get('/api/admin/whoami').set(bearer(poet.idToken)).expect(403);
    await api.get('/api/admin/whoami').expect(401);
  });

  it('updates the profile and counts users', async () => {
    const poet = await stack.emulator.createUser({ email: 'profile@writory.test' });
    const res = await api.put('/api/users/me').set(bearer(poet.idToken)).send({ name: 'Noor', dateOfBirth: '1999-12-31' }).expect(200);
    expect(res.body).toMatchObject({ name: 'Noor', dateOfBirth: '1999-12-31' });
    const count = await api.get('/api/users/count').expect(200);
    expect(count.body.count).toBeGreaterThanOrEqual(3);
    await api.get(`/api/users/${poet.uid}`).expect(200, { name: 'Noor', profilePictureUrl: null });
  });
});
