// Signed-in bench users: seeded poets given accounts in the Auth emulator, with ID tokens; and a bench admin
// (ADMIN_EMAILS of the bench cms), whose row the cms creates on its first signed-in request.
import { benchPoet } from '../seed/poets.mjs';

export const BENCH_ADMIN = { uid: 'bench-admin', email: 'admin@bench.writory.local', password: 'BenchAdmin-1' };
const AT_ONCE = 10;

/** Runs fn over items, `AT_ONCE` at a time; results in order. */
async function inBatches(items, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += AT_ONCE) out.push(...(await Promise.all(items.slice(i, i + AT_ONCE).map(fn))));
  return out;
}

/** Accounts and ID tokens for these seeded users ({ uid, email, password }). */
export async function signedInUsers(stack, users) {
  const auth = await stack.auth();
  await inBatches(users, (user) => auth.createUsers([user]));
  return inBatches(users, async (user) => ({ ...user, token: await auth.idToken(user.email, user.password) }));
}

/** The poets numbered `numbers` (default: the first n). */
export const signedInPoets = (stack, n, numbers = Array.from({ length: n }, (_, i) => i + 1)) => signedInUsers(stack, numbers.map(benchPoet));

/** The bench admin, signed in once so the cms has made their row an Admin. */
export async function signedInAdmin(stack) {
  const cms = await stack.cms('signed-in');
  const [admin] = await signedInUsers(stack, [BENCH_ADMIN]);
  const res = await fetch(`${cms}/api/users/me`, { headers: { authorization: `Bearer ${admin.token}` } });
  if (!res.ok) throw new Error(`bench admin's first request: ${res.status} ${await res.text()}`);
  return admin;
}

export const bearer = (user) => ({ authorization: `Bearer ${user.token}` });
