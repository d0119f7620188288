// Puts the demo accounts into the Firebase Auth emulator through its admin REST API ("Bearer owner").
import { FIREBASE_PROJECT_ID } from './demo-accounts.mjs';

export async function seedAuthEmulator({ host, accounts, projectId = FIREBASE_PROJECT_ID }) {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`;
  for (const account of accounts) {
    const res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: account.uid,
        email: account.email,
        password: account.password,
        displayName: account.name,
        emailVerified: account.emailVerified ?? true,
      }),
    });
    if (res.ok) continue;
    const body = await res.text();
    if (/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(body)) continue;
    throw new Error(`could not seed ${account.email} into the auth emulator: ${res.status} ${body}`);
  }
}
