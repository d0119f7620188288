// Entering poems over HTTP in cms tests: accounts with a role and a birthday, the preview, the entry itself,
// and the contest window, against a running test cms and its Auth emulator.
import type supertest from 'supertest';
import type { Core } from '@strapi/strapi';
import { DECLARATION_KEYS } from '@writory/shared';
import type { AuthEmulator, EmulatorUser } from './auth-emulator';
import { makeDocx } from './poem-files';
import { monthOf } from '../../src/lib/contest-calendar';
import { retryingConflicts } from '../../src/lib/db';

export const TZ = 'Asia/Kolkata';
export const HOUR = 3_600_000;
export const bearer = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });
export const month = () => monthOf(new Date(), TZ);

export interface Attempt {
  poem?: { bytes: Buffer; name: string };
  photo?: { bytes: Buffer; name: string };
  fields?: Record<string, string | undefined>;
  key?: string | null;
  /** Defaults to the sha the preview of the poem gives. */
  sha?: string;
}

export function entryClient(api: ReturnType<typeof supertest>, emulator: AuthEmulator, strapi: Core.Strapi) {
  let seq = 0;
  const db = (uid: string) => strapi.db.query(uid as never);

  /** A signed-in account with a role, a date of birth and a verified email (or not). */
  async function account(label: string, { role = 'authenticated', dateOfBirth = '2000-05-17' as string | null, verified = true, name = `${label} Poet` } = {}) {
    const user = await emulator.createUser({ email: `${label}-${++seq}-${Date.now()}@writory.test`, emailVerified: verified, displayName: name });
    await api.get('/api/users/me').set(bearer(user)).expect(200);
    const roleRow = await db('plugin::users-permissions.role').findOne({ where: { type: role } });
    // Accounts made at once change roles at once: on PostgreSQL that can deadlock, as in the service.
    await retryingConflicts(() =>
      db('plugin::users-permissions.user').update({
        where: { firebaseUid: user.uid },
        data: { role: roleRow.id, dateOfBirth, name, phone: '+44 7700 900123' },
      }),
    );
    return user;
  }

  const fields = (overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
    title: 'Lanterns',
    language: 'English',
    fullName: 'Mira Okafor',
    phone: '+44 7700 900123',
    country: 'GB',
    declarations: DECLARATION_KEYS.join(','),
    ...overrides,
  });

  function preview(
    user: EmulatorUser,
    poem: { bytes: Buffer; name: string },
    extra: Record<string, string> = { fullName: 'Mira Okafor', phone: '+44 7700 900123' },
  ) {
    let req = api.post('/api/entries/preview').set(bearer(user)).attach('poem', poem.bytes, poem.name);
    for (const [k, v] of Object.entries(extra)) req = req.field(k, v);
    return req;
  }

  /** POST /api/entries as the page sends it (after a preview for the confirmed text, unless `sha` is given). */
  async function enter(user: EmulatorUser, attempt: Attempt = {}) {
    const poem = attempt.poem ?? { bytes: await makeDocx(`A poem ${++seq}\nabout light`), name: 'poem.docx' };
    const allFields = fields(attempt.fields);
    let sha = attempt.sha;
    if (sha === undefined) {
      const res = await preview(user, poem, {
        fullName: allFields.fullName ?? '',
        phone: allFields.phone ?? '',
        ...(allFields.nameInScript ? { nameInScript: allFields.nameInScript } : {}),
      });
      sha = res.status === 200 ? res.body.textSha256 : '0'.repeat(64);
    }
    let req = api.post('/api/entries').set(bearer(user));
    if (attempt.key !== null) req = req.set('Idempotency-Key', attempt.key ?? `key-${Date.now()}-${++seq}`);
    req = req.attach('poem', poem.bytes, poem.name);
    if (attempt.photo) req = req.attach('photo', attempt.photo.bytes, attempt.photo.name);
    for (const [k, v] of Object.entries({ ...allFields, confirmedTextSha256: sha })) if (v !== undefined) req = req.field(k, v);
    return req;
  }

  /** Opens (or closes) this month's contest window, as an admin would. */
  async function setWindow(opensAt: Date, closesAt: Date, admin: EmulatorUser) {
    await api
      .put(`/api/admin/contests/${month()}`)
      .set(bearer(admin))
      .send({ opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), resultsAt: new Date(closesAt.getTime() + 48 * HOUR).toISOString() })
      .expect(200);
  }

  /** An admin makes these judges the entry's judges (automatic assignment otherwise chooses them). */
  async function assignJudges(admin: EmulatorUser, code: string, judges: EmulatorUser[]) {
    const res = await api
      .put(`/api/judging/entries/${code}/judges`)
      .set(bearer(admin))
      .send({ judges: judges.map((judge) => judge.uid) });
    if (res.status !== 200) throw new Error(`assigning judges to ${code}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  return { account, preview, enter, setWindow, assignJudges };
}
