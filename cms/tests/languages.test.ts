// The cms answers in the reader's language (issue 39): Accept-Language (the site sends its page's locale) decides
// for a visitor, the profile's language for a signed-in person; 422 field messages, refusals and "Try again in…"
// are all said in it, with the JSON shape and machine fields unchanged; emails go out in the recipient's stored
// language (read here from the real mail sink).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { backgroundIdle } from './helpers/background';
import { addressPerTest } from './helpers/client-address';
import { startMailSink, type MailSink, type SunkMail } from './helpers/mail-sink';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import { getService } from '../src/services';
import { decisionNoticeMessage } from '../src/api/wall-post/lib/posts';

const RESETS_PER_CLIENT = 2;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let mail: MailSink;
let serial = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++serial}@writory.test`;

beforeAll(async () => {
  mail = await startMailSink();
  stack = await startCmsWithAuth({ PUBLIC_SITE_URL: 'https://writory.test', AUTH_RESETS_PER_CLIENT_PER_HOUR: String(RESETS_PER_CLIENT), ...mail.env });
  ({ emulator, cms } = stack);
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

describe('a visitor’s Accept-Language', () => {
  const client = addressPerTest('198.51.100');
  const requestReset = (body: object, language?: string) => {
    const req = cms.api.post('/api/auth-mail/password-reset').set('X-Forwarded-For', client());
    return (language ? req.set('Accept-Language', language) : req).send(body);
  };

  it.each([
    [undefined, 'email: Enter an email address like name@example.com.'],
    ['hi', 'email: name@example.com जैसा ईमेल पता दर्ज करें।'],
    ['ar-EG,ar;q=0.9,en;q=0.5', 'email: أدخل بريدًا إلكترونيًا مثل name@example.com.'],
    ['fr-FR,fr;q=0.9', 'email: Enter an email address like name@example.com.'],
  ])('says a 422 in %s', async (language, message) => {
    const res = await requestReset({ email: 'not an address' }, language);
    expect(res.status).toBe(422);
    expect(res.body.error.name).toBe('ValidationError');
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.details.errors[0]).toEqual({ path: ['email'], message: message.replace('email: ', ''), name: 'ValidationError' });
  });

  it('says zod’s own words for a check without a message of its own in Hindi and Arabic', async () => {
    // A signed-in person who never chose a language is answered in the page's.
    const poet = await emulator.createUser({ email: uniqueEmail('zod-words') });
    const tooLong = (language: string) =>
      cms.api
        .post('/api/users')
        .set(bearer(poet.idToken))
        .set('Accept-Language', language)
        .send({ uid: 'x'.repeat(200) });
    const [en, hi, ar] = [await tooLong('en'), await tooLong('hi'), await tooLong('ar')];
    for (const res of [en, hi, ar]) expect(res.status).toBe(422);
    expect(en.body.error.message).toMatch(/^Too big/);
    expect(hi.body.error.message).toMatch(/[\u0900-\u097F]/);
    expect(ar.body.error.message).toMatch(/[\u0600-\u06FF]/);
  });

  it.each([
    ['hi', /^इस कनेक्शन से बहुत सारे रीसेट अनुरोध आ चुके हैं। \d+ (सेकंड|मिनट|घंटे|घंटा) में फिर कोशिश करें।$/],
    ['ar', /^وصلت طلبات إعادة تعيين كثيرة جدًا من هذا الاتصال\. حاول مرة أخرى خلال .+\.$/],
    ['en', /^Too many reset requests from this connection\. Try again in \d+ (seconds?|minutes?|hours?)\.$/],
  ])('says a 429 and its wait in %s, with the wait in seconds unchanged', async (language, message) => {
    for (let i = 0; i < RESETS_PER_CLIENT; i++) await requestReset({ email: uniqueEmail('limit') }, language).expect(202);
    const res = await requestReset({ email: uniqueEmail('limit') }, language);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(message);
    expect(res.body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(res.body.error.details.retryAfterSeconds));
  });
});

describe('the profile’s language', () => {
  it('is English until chosen, then stored, returned and used for the person’s answers whatever the header says', async () => {
    const poet = await emulator.createUser({ email: uniqueEmail('lang') });
    const me = await cms.api.get('/api/users/me').set(bearer(poet.idToken)).expect(200);
    expect(me.body.locale).toBe('en');

    const chosen = await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'ar' }).expect(200);
    expect(chosen.body.locale).toBe('ar');
    expect((await cms.api.get('/api/users/me').set(bearer(poet.idToken)).expect(200)).body.locale).toBe('ar');

    // Signed in, the profile's Arabic wins over the page's Hindi.
    const refused = await cms.api.put('/api/users/me').set(bearer(poet.idToken)).set('Accept-Language', 'hi').send({ dateOfBirth: '2999-01-01' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('لا يمكن أن يكون تاريخ الميلاد في المستقبل.');
  });

  it.each([['fr'], ['EN'], [42], ['']])('refuses the language %j with a 422 naming the field', async (locale) => {
    const poet = await emulator.createUser({ email: uniqueEmail('bad-lang') });
    const res = await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Language must be one of en, hi, ar.');
    expect(res.body.error.details.errors[0].path).toEqual(['locale']);
    expect((await cms.api.get('/api/users/me').set(bearer(poet.idToken)).expect(200)).body.locale).toBe('en');
  });

  it('answers a signed-in refusal in Hindi: an entry attempt without a date of birth', async () => {
    const poet = await emulator.createUser({ email: uniqueEmail('hi-entry') });
    await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'hi' }).expect(200);
    const res = await cms.api.get('/api/entries/allowance').set(bearer(poet.idToken));
    expect(res.status).toBe(200);
    expect(res.body.blocker).toMatchObject({ code: 'no-date-of-birth' });
    expect(res.body.blocker.message).toMatch(/^अपनी प्रोफ़ाइल में जन्मतिथि जोड़ें/);
  });
});

describe('refusals of every domain in the reader’s language', () => {
  it.each([
    ['en', 'No certificate has this verification code. Check the code and try again.'],
    ['hi', 'इस सत्यापन कोड का कोई प्रमाणपत्र नहीं है। कोड जाँचें और फिर कोशिश करें।'],
    ['ar', 'لا توجد شهادة برمز التحقق هذا. تحقّق من الرمز وحاول مرة أخرى.'],
  ])('says an unknown certificate code in %s (Accept-Language), its 404 shape unchanged', async (language, message) => {
    const res = await cms.api.get('/api/certificates/verify/NOPE-0000').set('Accept-Language', language);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ status: 404, name: 'NotFoundError', message });
  });

  it('says an unknown competition and a wall page key that is not one in Hindi and Arabic, machine fields in English', async () => {
    const competition = (language: string) => cms.api.get('/api/competitions/no-such-contest').set('Accept-Language', language).expect(404);
    expect((await competition('en')).body.error.message).toMatch(/^There is no competition "no-such-contest"\. Choose one of: .*poetry/);
    expect((await competition('hi')).body.error.message).toMatch(/^"no-such-contest" नाम की कोई प्रतियोगिता नहीं है। इनमें से कोई एक चुनें: .*poetry/);
    expect((await competition('ar')).body.error.message).toMatch(/^لا توجد مسابقة باسم "no-such-contest"\. اختر واحدة من: .*poetry/);

    const page = (language: string) => cms.api.get('/api/wall/posts?sort=newest&cursor=bogus').set('Accept-Language', language).expect(400);
    const [en, hi, ar] = [await page('en'), await page('hi'), await page('ar')];
    expect(en.body.error.message).toBe('cursor: is not a page key the wall gave out; start again from the first page');
    expect(hi.body.error.message).toBe('cursor: यह वॉल का दिया हुआ पेज कुंजी नहीं है; पहले पेज से फिर शुरू करें');
    expect(ar.body.error.message).toBe('cursor: ليس مفتاح صفحة أعطاه الجدار؛ ابدأ من جديد من الصفحة الأولى');
    for (const res of [en, hi, ar]) expect(res.body.error.details).toEqual({ cursor: 'is not a page key the wall gave out; start again from the first page' });
  });

  it('answers a signed-in poet in their profile’s language whatever the page’s: blocks and follows', async () => {
    const poet = await emulator.createUser({ email: uniqueEmail('refusals-ar') });
    await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'ar' }).expect(200);
    const unblock = await cms.api.delete('/api/blocks/987654').set(bearer(poet.idToken)).set('Accept-Language', 'hi');
    expect(unblock.status).toBe(404);
    expect(unblock.body.error).toMatchObject({ message: 'ليس لديك حظر رقم 987654. أعد تحميل قائمة الشعراء المحظورين.', details: { code: 'block.not-found' } });

    const hindi = await emulator.createUser({ email: uniqueEmail('refusals-hi') });
    await cms.api.put('/api/users/me').set(bearer(hindi.idToken)).send({ locale: 'hi' }).expect(200);
    const follow = await cms.api.put('/api/follows/nobody-here').set(bearer(hindi.idToken)).set('Accept-Language', 'en');
    expect(follow.status).toBe(404);
    expect(follow.body.error.message).toBe('/poets/nobody-here पर कोई सार्वजनिक कवि पेज नहीं है: केवल सार्वजनिक पेज वाले कवियों को फ़ॉलो किया जा सकता है।');
  });
});

describe('emails in the recipient’s language', () => {
  const to = (email: string) => (m: SunkMail) => m.to.some((address) => address.address === email);

  it('sends the verification email in Hindi to a poet who chose Hindi, whatever page asked for it', async () => {
    const email = uniqueEmail('hi-verify');
    const poet = await emulator.signUp(email);
    await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'hi' }).expect(200);
    await cms.api.post('/api/auth-mail/verification').set(bearer(poet.idToken)).set('Accept-Language', 'en').send({}).expect(200);

    const [message] = await mail.arrived(to(email), 1);
    expect(message.subject).toBe('Writory के लिए अपने ईमेल पते की पुष्टि करें');
    expect(message.text.split('\n')[0]).toBe('नमस्ते,');
    expect(message.text).toContain('3 दिन तक');
    expect(message.text).toMatch(/https:\/\/writory\.test\/__\/auth\/action\?mode=verifyEmail&oobCode=\S+/);
    expect(message.html).toContain('lang="hi" dir="ltr"');
  });

  it('sends the reset email in Arabic, right to left, to a poet who chose Arabic', async () => {
    const email = uniqueEmail('ar-reset');
    const poet = await emulator.createUser({ email });
    await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'ar' }).expect(200);
    const res = await cms.api.post('/api/auth-mail/password-reset').set('X-Forwarded-For', '203.0.113.9').set('Accept-Language', 'hi').send({ email });
    expect(res.status).toBe(202);
    // The answer is the page's language: it must not tell whether the address has an account (or its language).
    expect(res.body.message).toBe('अगर इस पते का कोई Writory खाता है, तो नया पासवर्ड चुनने का लिंक भेजा जा रहा है।');
    await backgroundIdle(cms.strapi);

    const [message] = await mail.arrived(to(email), 1);
    expect(message.subject).toBe('اختر كلمة مرور جديدة لـWritory');
    expect(message.text.split('\n')[0]).toBe('مرحبًا،');
    expect(message.text).toContain('لمدة ساعة واحدة');
    expect(message.html).toContain('lang="ar" dir="rtl"');
    expect(message.html).toContain('mode=resetPassword');
  });

  it('sends a reset email in the page’s language to an address whose person never chose one', async () => {
    const email = uniqueEmail('page-reset');
    await emulator.createUser({ email });
    await cms.api.post('/api/auth-mail/password-reset').set('X-Forwarded-For', '203.0.113.10').set('Accept-Language', 'ar').send({ email }).expect(202);
    await backgroundIdle(cms.strapi);
    const [message] = await mail.arrived(to(email), 1);
    expect(message.subject).toBe('اختر كلمة مرور جديدة لـWritory');
  });

  it('sends a receipt in Hindi and a refund in Arabic, each in its poet’s stored language', async () => {
    const order = (userId: number, code: string) =>
      ({
        id: 0,
        userId,
        code,
        tierName: 'Trio',
        entries: 3,
        month: '2026-11',
        subtotal: 29900,
        discount: 0,
        couponCode: null,
        total: 29900,
        currency: 'INR',
        provider: 'stripe',
      }) as never;
    const poetIn = async (locale: string, label: string) => {
      const email = uniqueEmail(label);
      const poet = await emulator.createUser({ email });
      await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale }).expect(200);
      const row = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid }, select: ['id'] });
      return { email, id: row.id as number };
    };
    const receipts = getService(cms.strapi, 'api::payment.receipts');
    const hindi = await poetIn('hi', 'hi-receipt');
    const arabic = await poetIn('ar', 'ar-refund');
    await receipts.orderPaid(order(hindi.id, 'W-HI-1'));
    await receipts.orderRefunded(order(arabic.id, 'W-AR-1'));

    const [receipt] = await mail.arrived(to(hindi.email), 1);
    expect(receipt.subject).toBe('आपकी Writory रसीद W-HI-1: Poetry Competition');
    expect(receipt.text).toContain('Writory की Poetry Competition में भाग लेने के लिए धन्यवाद।');
    expect(receipt.text).toContain('प्रतियोगिता: Poetry Competition');
    expect(receipt.text).toContain('टियर: Trio (नवंबर 2026 के लिए 3 प्रविष्टियाँ)');
    const [refund] = await mail.arrived(to(arabic.email), 1);
    expect(refund.subject).toBe('استرداد مبلغ طلب Writory رقم W-AR-1');
    expect(refund.text).toContain('الباقة: Trio (3 مشاركات لشهر نوفمبر 2026)');
    expect(refund.text).toContain('المسابقة: Poetry Competition');
  });
});

describe('notifications in the recipient’s language', () => {
  it('tells each poet of a wall decision in the language on their profile', async () => {
    const told = async (locale: string) => {
      const poet = await emulator.createUser({ email: uniqueEmail(`notice-${locale}`) });
      await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale }).expect(200);
      const row = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid }, select: ['id'] });
      const notice = decisionNoticeMessage({ id: 7, title: 'Rain' }, 'pending', 'rejected', 'Too short.')!;
      await getService(cms.strapi, 'api::notification.notification').notifyMany([{ userId: row.id, notification: notice }]);
      const list = await cms.api.get('/api/notifications').set(bearer(poet.idToken)).expect(200);
      return list.body.notifications[0];
    };
    expect(await told('en')).toMatchObject({
      title: 'Your poem was not approved for the wall',
      message: 'A moderator did not approve “Rain”. Reason: Too short.',
    });
    expect(await told('hi')).toMatchObject({ title: 'आपकी कविता वॉल के लिए स्वीकृत नहीं हुई', message: 'एक मॉडरेटर ने “Rain” को स्वीकृत नहीं किया। कारण: Too short.' });
    expect(await told('ar')).toMatchObject({ title: 'لم تُقبل قصيدتك للجدار', message: 'لم يقبل أحد المشرفين «Rain». السبب: Too short.' });
  });

  const userIdOf = async (uid: string): Promise<number> =>
    (await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: uid }, select: ['id'] })).id;
  const newestNotice = async (token: string) => (await cms.api.get('/api/notifications').set(bearer(token)).expect(200)).body.notifications[0];

  it('tells each follower of a poet’s new poem on the wall in their own language', async () => {
    const poet = await emulator.createUser({ email: uniqueEmail('followed') });
    const handle = `mira-${Date.now()}-${++serial}`;
    await cms.api.put('/api/poets/me').set(bearer(poet.idToken)).send({ handle, public: true }).expect(200);
    const poetId = await userIdOf(poet.uid);
    await cms.strapi.db.query('plugin::users-permissions.user').update({ where: { id: poetId }, data: { name: 'Mira' } });
    const followers: Awaited<ReturnType<typeof emulator.createUser>>[] = [];
    for (const locale of ['en', 'hi', 'ar']) {
      const follower = await emulator.createUser({ email: uniqueEmail(`follower-${locale}`) });
      await cms.api.put('/api/users/me').set(bearer(follower.idToken)).send({ locale }).expect(200);
      await cms.api.put(`/api/follows/${handle}`).set(bearer(follower.idToken)).expect(200);
      followers.push(follower);
    }
    await getService(cms.strapi, 'api::follow.follows').shared({ id: 41, title: 'Monsoon', poetId });
    const [en, hi, ar] = [await newestNotice(followers[0].idToken), await newestNotice(followers[1].idToken), await newestNotice(followers[2].idToken)];
    expect(en).toMatchObject({ title: 'Mira shared a new poem', message: '“Monsoon” is on the Writory Wall.' });
    expect(hi).toMatchObject({ title: 'Mira ने एक नई कविता साझा की', message: '“Monsoon” Writory वॉल पर है।' });
    expect(ar).toMatchObject({ title: 'نشر Mira قصيدة جديدة', message: '«Monsoon» على جدار Writory.' });
  });

  it('tells a Hindi poet of a draft about to be deleted in Hindi, on the bell and by email (read from the mail sink)', async () => {
    const poet = await emulator.createUser({ email: uniqueEmail('draft-hi') });
    await cms.api.put('/api/users/me').set(bearer(poet.idToken)).send({ locale: 'hi' }).expect(200);
    const now = new Date('2027-03-01T09:00:00Z');
    await cms.strapi.db.query('api::entry.draft').create({
      data: {
        userId: await userIdOf(poet.uid),
        competitionSlug: 'poetry',
        title: 'पुराना दीपस्तंभ',
        fileKey: `drafts/languages-${serial}.docx`,
        fileName: 'old.docx',
        fileType: 'docx',
        fileSize: 1000,
        wordCount: 12,
        textSha256: 'a'.repeat(64),
        savedAt: new Date(now.getTime() - 340 * 86_400_000),
      },
    });
    expect((await getService(cms.strapi, 'api::entry.drafts').expire(now)).noticed).toBeGreaterThanOrEqual(1);
    expect(await newestNotice(poet.idToken)).toMatchObject({
      title: 'एक ड्राफ़्ट जल्द हटाया जाएगा',
      message: 'आपका ड्राफ़्ट “पुराना दीपस्तंभ” लगभग एक साल से सहेजा नहीं गया है: इसे 31 मार्च 2027 को हटा दिया जाएगा। इसे रखने के लिए भेजें या फिर से सहेजें।',
    });
    const [email] = await mail.arrived((m) => m.to.some((address) => address.address === poet.email), 1);
    expect(email.subject).toBe('Writory: एक ड्राफ़्ट जल्द हटाया जाएगा');
    expect(email.text.split('\n')[0]).toMatch(/^प्रिय .+,$/);
    expect(email.text).toContain('इसे 31 मार्च 2027 को हटा दिया जाएगा।');
    expect(email.text).toContain('आपके ड्राफ़्ट: https://writory.test/submit#drafts');
  });
});
