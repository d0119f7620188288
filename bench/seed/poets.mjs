// 10,000 poets (users-permissions users with the product fields), the demo accounts included.
import { NAMES, count, insertMany, link, random } from './lib.mjs';

const USER = 'plugin::users-permissions.user';
const TARGET = 10_000;

/** The Firebase uid, email and password of bench poet n (1-based); the signed-in benchmarks use the first few. */
export const benchPoet = (n) => {
  const id = String(n).padStart(5, '0');
  return { uid: `bench-poet-${id}`, email: `poet${id}@bench.writory.local`, password: `BenchPoet-${id}` };
};

export default {
  name: 'poets',
  table: 'up_users',
  target: TARGET,
  present: (strapi) => count(strapi, USER),
  async seed(strapi, missing) {
    const already = await count(strapi, USER, { firebaseUid: { $startsWith: 'bench-poet-' } });
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const rng = random(101 + already);
    const now = Date.now();
    const rows = Array.from({ length: missing }, (_, i) => {
      const poet = benchPoet(already + i + 1);
      const joined = new Date(now - rng.int(0, 730) * 86_400_000);
      return {
        username: poet.uid,
        email: poet.email,
        provider: 'firebase',
        confirmed: true,
        blocked: false,
        firebaseUid: poet.uid,
        name: `${rng.pick(NAMES.given)} ${rng.pick(NAMES.family)}`,
        phone: `+91${rng.int(7000000000, 9999999999)}`,
        dateOfBirth: `${rng.int(1950, 2011)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        emailVerified: true,
        country: rng.pick(['IN', 'IN', 'IN', 'US', 'GB', 'NG', 'AE', 'JO', 'CL', 'JP']),
        lastSeenAt: new Date(joined.getTime() + rng.int(0, 30) * 86_400_000),
        createdAt: joined,
        updatedAt: joined,
        publishedAt: joined,
      };
    });
    const ids = await insertMany(strapi, USER, rows);
    await link(
      strapi,
      USER,
      'role',
      ids.map((id) => [id, role.id]),
    );
  },
};
