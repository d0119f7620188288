// Writory's own verification and password-reset emails against the real cms, the Firebase Auth emulator and
// maildev: the link in the email works on the emulator, resending is limited, the reset answer never tells
// whether an account exists, and bad input is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HOST, type AuthEmulator } from './helpers/auth-emulator';
import { backgroundIdle } from './helpers/background';
import { addressPerTest } from './helpers/client-address';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { startMailSink, type MailSink, type SunkMail } from './helpers/mail-sink';
import type { TestCms } from './helpers/strapi';

const SITE = 'https://writory.test';
const PER_HOUR = 2;
const RESETS_PER_CLIENT = 15;
/** Reset mails to one address an hour, whoever asks: past it, requests are answered as usual and send nothing. */
const RESET_MAILS_PER_ADDRESS = 4;
/** What anyone may type as their profile name, and so must never reach someone else's inbox (issue 35). */
const HOSTILE_NAME = 'Visit evil.example now';

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let mail: MailSink;
let serial = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++serial}@writory.test`;
const to = (email: string) => (m: SunkMail) => m.to.some((address) => address.address === email);
const mailTo = async (email: string) => (await mail.emails()).filter(to(email));
/** The mails to `email`, once `count` have arrived. */
const arrivedTo = (email: string, count = 1) => mail.arrived(to(email), count);

/** The link in the email: the site's action page with Firebase's one-time code. */
function linkIn(message: SunkMail): URL {
  const found = message.text.match(/https:\/\/writory\.test\/__\/auth\/action\?\S+/)?.[0];
  expect(found, message.text).toBeTruthy();
  return new URL(found!);
}

/** What the site's action page does with the code, through the emulator's public API. */
async function identityToolkit(method: string, body: object) {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`, {
    method: 'POST',
    // A connection of its own: the worker's emulator outlives this file (tests/helpers/auth-emulator.ts says why).
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  mail = await startMailSink();
  stack = await startCmsWithAuth({
    PUBLIC_SITE_URL: SITE,
    AUTH_MAILS_PER_HOUR: String(PER_HOUR),
    AUTH_RESETS_PER_CLIENT_PER_HOUR: String(RESETS_PER_CLIENT),
    AUTH_RESET_MAILS_PER_ADDRESS_PER_HOUR: String(RESET_MAILS_PER_ADDRESS),
    ...mail.env,
  });
  ({ emulator, cms } = stack);
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

describe('verification email', () => {
  it('sends Writory’s email whose link verifies the address', async () => {
    const email = uniqueEmail('verify');
    const person = await emulator.signUp(email);
    const res = await cms.api.post('/api/auth-mail/verification').set(bearer(person.idToken)).send({}).expect(200);
    expect(res.body).toEqual({ sent: true, email });

    const [message] = await arrivedTo(email);
    expect(message.subject).toBe('Confirm your email address for Writory');
    expect(message.text).toContain('Welcome to Writory');
    expect(message.text).toContain('for 3 days');
    const link = linkIn(message);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(message.html).toContain(`href="${link.href.replace(/&/g, '&#38;')}"`);

    const applied = await identityToolkit('update', { oobCode: link.searchParams.get('oobCode') });
    expect(applied.ok, JSON.stringify(applied.body)).toBe(true);
    expect(applied.body.emailVerified).toBe(true);
    // Verified now: nothing more to send.
    const again = await cms.api
      .post('/api/auth-mail/verification')
      .set(bearer(await emulator.signIn(email, person.password)))
      .send({});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already verified/);
  });

  it('never greets with the profile name, which anyone signing up with someone else’s address chooses', async () => {
    const email = uniqueEmail('verify-name');
    const person = await emulator.createUser({ email, emailVerified: false, displayName: HOSTILE_NAME });
    await cms.api.post('/api/auth-mail/verification').set(bearer(person.idToken)).send({}).expect(200);
    const [message] = await arrivedTo(email);
    expect(message.text.split('\n')[0]).toBe('Hello,');
    expect(message.text).not.toContain('evil.example');
    expect(message.html).not.toContain('evil.example');
    expect(message.subject).not.toContain('evil.example');
  });

  it(`limits resending to ${PER_HOUR} an hour and says how long to wait`, async () => {
    const email = uniqueEmail('resend');
    const person = await emulator.signUp(email);
    for (let i = 0; i < PER_HOUR; i++) await cms.api.post('/api/auth-mail/verification').set(bearer(person.idToken)).send({}).expect(200);
    const res = await cms.api.post('/api/auth-mail/verification').set(bearer(person.idToken)).send({});
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/as many verification emails as an hour allows.*Try again in \d+ (seconds?|minutes?|hours?)\./);
    expect(res.body.error.details.retryAfterSeconds).toBeGreaterThan(3000);
    expect(await arrivedTo(email, PER_HOUR)).toHaveLength(PER_HOUR);
  });

  it.each([
    ['without a token', undefined, {}, 401, /./],
    ['with an unknown field', 'token', { email: 'someone-else@writory.test' }, 422, /Send an empty JSON object \(not email\)/],
  ])('refuses a request %s', async (_label, withToken, body, status, message) => {
    const email = uniqueEmail('bad-verify');
    const person = await emulator.signUp(email);
    const req = cms.api.post('/api/auth-mail/verification');
    const res = await (withToken ? req.set(bearer(person.idToken)) : req).send(body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(await mailTo(email)).toHaveLength(0);
    expect(await mailTo('someone-else@writory.test')).toHaveLength(0);
  });
});

describe('password reset email', () => {
  // Each test asks from an address of its own: the per-connection limit never carries over.
  const client = addressPerTest('198.51.100');
  const requestReset = (body: unknown) =>
    cms.api
      .post('/api/auth-mail/password-reset')
      .set('X-Forwarded-For', client())
      .send(body as object);

  it('sends Writory’s email whose link sets a new password', async () => {
    const email = uniqueEmail('reset');
    await emulator.createUser({ email, password: 'Old-password-1', displayName: HOSTILE_NAME });
    const res = await requestReset({ email: email.toUpperCase() }).expect(202);
    expect(res.body.message).toMatch(/If there is a Writory account for this address/);
    await backgroundIdle(cms.strapi);

    const [message] = await arrivedTo(email);
    expect(message.subject).toBe('Choose a new Writory password');
    // The account's name is whatever whoever made it typed: it stays out of the mail.
    expect(message.text.split('\n')[0]).toBe('Hello,');
    expect(message.text).not.toContain('evil.example');
    expect(message.html).not.toContain('evil.example');
    expect(message.text).toContain('for 1 hour');
    const link = linkIn(message);
    expect(link.searchParams.get('mode')).toBe('resetPassword');

    const reset = await identityToolkit('resetPassword', { oobCode: link.searchParams.get('oobCode'), newPassword: 'New-password-2' });
    expect(reset.ok, JSON.stringify(reset.body)).toBe(true);
    await expect(emulator.signIn(email, 'Old-password-1')).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
    expect(await emulator.signIn(email, 'New-password-2')).toEqual(expect.any(String));
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const known = uniqueEmail('known');
    await emulator.createUser({ email: known });
    const unknown = uniqueEmail('nobody');
    const [forKnown, forUnknown] = [await requestReset({ email: known }), await requestReset({ email: unknown })];
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    await backgroundIdle(cms.strapi);
    expect(await arrivedTo(known)).toHaveLength(1);
    expect(await mailTo(unknown)).toHaveLength(0);
  });

  it(`limits requests for one address to ${PER_HOUR} an hour, known or not`, async () => {
    for (const email of [uniqueEmail('reset-limit'), uniqueEmail('reset-limit-nobody')]) {
      for (let i = 0; i < PER_HOUR; i++) await requestReset({ email }).expect(202);
      const res = await requestReset({ email });
      expect(res.status).toBe(429);
      expect(res.body.error.message).toMatch(/as many reset emails to this address as an hour allows.*Try again in \d+ (seconds?|minutes?|hours?)\./);
    }
  });

  it('requests for someone’s address from another connection never lock them out of their own', async () => {
    const email = uniqueEmail('reset-owner');
    await emulator.createUser({ email });
    const stranger = (body: unknown) =>
      cms.api
        .post('/api/auth-mail/password-reset')
        .set('X-Forwarded-For', '192.0.2.77')
        .send(body as object);
    for (let i = 0; i < PER_HOUR; i++) await stranger({ email }).expect(202);
    expect((await stranger({ email })).status).toBe(429);
    await backgroundIdle(cms.strapi);

    const own = await requestReset({ email });
    expect(own.status).toBe(202);
    expect(own.body.message).toMatch(/If there is a Writory account for this address/);
    await backgroundIdle(cms.strapi);
    expect(await arrivedTo(email, PER_HOUR + 1)).toHaveLength(PER_HOUR + 1);
  });

  it(`sends one address at most ${RESET_MAILS_PER_ADDRESS} reset mails an hour from all connections, and answers the rest as usual`, async () => {
    const email = uniqueEmail('reset-flood');
    await emulator.createUser({ email });
    const answers = [];
    // Three connections, each within its own per-address limit: the last requests are accepted and send nothing.
    for (const from of ['192.0.2.81', '192.0.2.82', '192.0.2.83']) {
      for (let i = 0; i < PER_HOUR; i++) {
        answers.push(await cms.api.post('/api/auth-mail/password-reset').set('X-Forwarded-For', from).send({ email }));
      }
    }
    expect(answers.map((res) => res.status)).toEqual(Array(3 * PER_HOUR).fill(202));
    expect(new Set(answers.map((res) => JSON.stringify(res.body))).size).toBe(1);
    await backgroundIdle(cms.strapi);
    expect(await arrivedTo(email, RESET_MAILS_PER_ADDRESS)).toHaveLength(RESET_MAILS_PER_ADDRESS);
    expect(await mailTo(email)).toHaveLength(RESET_MAILS_PER_ADDRESS);
  });

  it.each([
    ['no email', {}, /^email: Enter your email address\./],
    ['an empty email', { email: '   ' }, /^email: Enter your email address\./],
    ['an address that is not one', { email: 'not-an-address' }, /^email: Enter an email address like name@example\.com\./],
    ['an unknown field', { email: 'a@writory.test', uid: 'x' }, /Only email can be sent \(not uid\)/],
    ['a list instead of an object', [1], /Send a JSON object with email\./],
  ])('refuses %s with a 422 and sends nothing', async (_label, body, message) => {
    // Mail an earlier case set going (the rate-limit case does not wait for its own) is out before counting.
    await backgroundIdle(cms.strapi);
    const before = (await mail.emails()).length;
    const res = await requestReset(body);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
    await backgroundIdle(cms.strapi);
    expect((await mail.emails()).length).toBe(before);
  });
});

describe('password reset requests from one connection', () => {
  it(`are limited to ${RESETS_PER_CLIENT} an hour, whatever the addresses`, async () => {
    let refused: { status: number; body: { error: { message: string } } } | undefined;
    for (let i = 0; i <= RESETS_PER_CLIENT && !refused; i++) {
      const res = await cms.api
        .post('/api/auth-mail/password-reset')
        .set('X-Forwarded-For', '203.0.113.90')
        .send({ email: uniqueEmail('many') });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(202);
    }
    expect(refused?.body.error.message).toMatch(/^Too many reset requests from this connection\. Try again in \d+ (seconds?|minutes?|hours?)\./);
  });
});
