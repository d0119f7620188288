// Signed-in bench users: the first n seeded poets, given accounts in the Auth emulator, with ID tokens.
import { benchPoet } from '../seed/poets.mjs';

export async function signedInPoets(stack, n) {
  const auth = await stack.auth();
  const poets = Array.from({ length: n }, (_, i) => benchPoet(i + 1));
  await auth.createUsers(poets);
  return Promise.all(poets.map(async (poet) => ({ ...poet, token: await auth.idToken(poet.email, poet.password) })));
}
