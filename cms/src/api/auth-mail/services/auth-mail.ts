// Verification and password-reset emails sent as Writory's own: Firebase (the Admin SDK) makes the one-time code,
// the link points at the site's /__/auth/action page (so Firebase's continue URL is not needed), and the mail goes out through the email plugin like
// receipts and reminders (the mail sink locally, the SMTP relay in production).
import type { Core } from '@strapi/strapi';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ApiError } from '../../../lib/api-error';
import { dirOf, type Locale } from '@writory/shared';
import { currentLocale, en, isLocale, msg, say, type MessageKey } from '../../../lib/messages';
import { runInBackground } from '../../../lib/background';
import { createDbLimit } from '../../../lib/db-rate-limit';
import { siteUrl } from '../../../lib/site-url';
import { userRepository, type UserRow } from '../../user/repository';

const HOUR = 3600;
const numberFrom = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type AuthMailKind = 'verifyEmail' | 'resetPassword';

/** How long Firebase keeps each kind of code valid (fixed by Firebase; the mails say it in words). */
export const LINK_LIFETIME: Record<AuthMailKind, string> = { verifyEmail: '3 days', resetPassword: '1 hour' };

/** The answer to every reset request, whether or not the address has an account (in the request's language). */
export const RESET_ANSWER = en['authMail.resetAnswer'];

/**
 * The site's own action page for a Firebase one-time code. The page is at Firebase's fixed path, in English only;
 * `lang` (as in Firebase's own links) names the mail's language, so the page sends the person on to the verified or
 * new-password page in the language the mail was written in.
 */
export function actionLink(kind: AuthMailKind, oobCode: string, site = siteUrl(), locale: Locale = 'en'): string {
  return `${site}/__/auth/action?${new URLSearchParams({ mode: kind, oobCode, ...(locale === 'en' ? {} : { lang: locale }) })}`;
}

const MAIL_WORDS = {
  verifyEmail: {
    subject: 'mail.verify.subject',
    intro: 'mail.verify.intro',
    action: 'mail.verify.action',
    after: 'mail.verify.after',
    ignore: 'mail.verify.ignore',
  },
  resetPassword: {
    subject: 'mail.reset.subject',
    intro: 'mail.reset.intro',
    action: 'mail.reset.action',
    after: 'mail.reset.after',
    ignore: 'mail.reset.ignore',
  },
} as const satisfies Record<AuthMailKind, Record<string, MessageKey>>;

/**
 * Writory's text and HTML for a verification or reset email, in the recipient's language. No name or other text
 * anyone chose: whoever signs up with someone else's address chooses the profile name, and this mail goes to that
 * address.
 */
export function authEmail(kind: AuthMailKind, link: string, locale: Locale = 'en') {
  const words = (key: MessageKey) => say(key, locale);
  const hello = words('mail.hello');
  const keys = MAIL_WORDS[kind];
  const content = { subject: words(keys.subject), intro: words(keys.intro), action: words(keys.action), after: words(keys.after), ignore: words(keys.ignore) };
  const signature = words('mail.signature');
  const text = [hello, '', content.intro, '', link, '', content.after, '', content.ignore, '', signature].join('\n');
  const html = [
    `<div lang="${locale}" dir="${dirOf(locale)}">`,
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(content.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#7c2d12;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action)}</a></p>`,
    `<p style="font-size:13px;color:#57534e">${escapeHtml(words('mail.pasteLink'))} <a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(content.after)}</p>`,
    `<p style="font-size:13px;color:#57534e">${escapeHtml(content.ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</div>',
  ].join('\n');
  return { subject: content.subject, text, html };
}

let apps = 0;
const isUnknownAccount = (error: unknown) => ['auth/email-not-found', 'auth/user-not-found'].includes((error as { code?: string })?.code ?? '');

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const env = process.env;
  let app: App | null = null;
  const auth = () => getAuth((app ??= initializeApp({ projectId: env.FIREBASE_PROJECT_ID || 'demo-writory' }, `writory-auth-mail-${++apps}`)));
  const perHour = numberFrom(env.AUTH_MAILS_PER_HOUR, 3);
  const limits = {
    verification: createDbLimit(strapi, {
      name: 'auth-mail-verify',
      points: perHour,
      durationSeconds: HOUR,
      message: msg('authMail.verificationLimit'),
    }),
    /**
     * One address asked for from one connection: counted per address and client, so a stranger's requests for
     * someone's address never use up that person's own.
     */
    reset: createDbLimit(strapi, {
      name: 'auth-mail-reset-address-client',
      points: perHour,
      durationSeconds: HOUR,
      message: msg('authMail.resetLimit'),
    }),
    /**
     * Mails to one address from every connection together: past it a request is answered as usual and sends
     * nothing (quiet, so the answer tells no one whether the owner or a stranger used it up).
     */
    resetMailsPerAddress: createDbLimit(strapi, {
      name: 'auth-mail-reset-address',
      points: numberFrom(env.AUTH_RESET_MAILS_PER_ADDRESS_PER_HOUR, 10),
      durationSeconds: HOUR,
      message: msg('authMail.resetAddressLimit'),
    }),
    /** Many addresses from one connection: someone trying addresses, or sending mail to strangers. */
    resetPerClient: createDbLimit(strapi, {
      name: 'auth-mail-reset-client',
      points: numberFrom(env.AUTH_RESETS_PER_CLIENT_PER_HOUR, 20),
      durationSeconds: HOUR,
      message: msg('authMail.resetConnectionLimit'),
    }),
  };
  const oobCodeOf = (link: string) => {
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('Firebase returned an action link without a code');
    return code;
  };
  const mail = (to: string, kind: AuthMailKind, oobCode: string, locale: Locale) =>
    strapi
      .plugin('email')
      .service('email')
      .send({ to, ...authEmail(kind, actionLink(kind, oobCode, siteUrl(), locale), locale) });
  /** The language the person chose on their profile; the request's when they have none (or no account here yet). */
  const languageOf = async (email: string): Promise<Locale> => {
    const person = await userRepository(strapi).byUidOrEmail(email, ['preferredLocale']);
    return isLocale(person?.preferredLocale) ? person.preferredLocale : currentLocale();
  };

  return {
    /** Emails the signed-in user a new verification link (a 409 once the address is verified). */
    async sendVerification(user: UserRow): Promise<{ sent: true; email: string }> {
      const account = await auth().getUser(user.firebaseUid);
      if (!account.email) throw new ApiError(422, msg('authMail.noEmail'), {}, 'ValidationError');
      if (account.emailVerified) throw new ApiError(409, msg('authMail.alreadyVerified'));
      await limits.verification.consume(user.id);
      const link = await auth().generateEmailVerificationLink(account.email);
      await mail(account.email, 'verifyEmail', oobCodeOf(link), isLocale(user.preferredLocale) ? user.preferredLocale : currentLocale());
      return { sent: true, email: account.email };
    },

    /**
     * Emails a reset link when the address has an account. The answer is the same either way and the work runs
     * after it, so neither the words nor the timing tell whether an account exists. Limits: the connection's
     * requests (any addresses), this address from this connection (a 429 to this caller only), and this
     * address's mails from everyone (past it, the same answer and no mail).
     */
    async sendPasswordReset(email: string, client: string): Promise<{ message: string }> {
      const address = email.toLowerCase();
      await limits.resetPerClient.consume(client);
      await limits.reset.consume(`${address} ${client}`);
      if (!(await limits.resetMailsPerAddress.take(address))) return { message: say('authMail.resetAnswer') };
      runInBackground(strapi, 'password reset email', async () => {
        let link: string;
        try {
          link = await auth().generatePasswordResetLink(email);
        } catch (error) {
          if (isUnknownAccount(error)) return;
          throw error;
        }
        const account = await auth().getUserByEmail(email);
        await mail(account.email ?? email, 'resetPassword', oobCodeOf(link), await languageOf(account.email ?? email));
      });
      return { message: say('authMail.resetAnswer') };
    },

    async close(): Promise<void> {
      if (app) await deleteApp(app);
      app = null;
    },
  };
};
