import type { Core } from '@strapi/strapi';
import {
  REMINDER_AUDIENCES,
  type ReminderAudience,
  type ReminderAudienceCounts,
  type ReminderPreview,
  type ReminderRecord,
  type ReminderStatus,
  dirOf,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { isLocale, msg, say } from '../../../lib/messages';
import { runInBackground } from '../../../lib/background';
import { siteUrl } from '../../../lib/site-url';
import { userRepository, type IdFilter, type UserRow } from '../../user/repository';
import type { ReminderInput } from '../validation/email-reminder';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';

const REMINDER = 'api::email-reminder.email-reminder';
const MAX_FAILURES_KEPT = 100;
/** A reminder still "sending" with no progress for this long was cut short (e.g. the cms restarted). */
const STALLED_AFTER_MS = 10 * 60_000;
const HISTORY = 20;
const PREVIEW_SAMPLE = 10;

interface Recipient {
  id: number;
  email: string;
  name: string | null;
  /** Their profile's language: the footer (our words) is said in it; the admin's subject and body stay as written. */
  preferredLocale?: string | null;
}

type Row = RowOf<
  'api::email-reminder.email-reminder',
  { audience: ReminderAudience; status: ReminderStatus; failures: { email: string; error: string }[] | null }
>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const personal = (text: string, recipient: Recipient) => text.split('{name}').join(recipient.name?.trim() || 'poet');

function present(row: Row): ReminderRecord {
  const stalled = row.status === 'sending' && Date.now() - Date.parse(row.updatedAt) > STALLED_AFTER_MS;
  return {
    id: row.documentId,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    month: row.month,
    status: stalled ? 'interrupted' : row.status,
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    failures: row.failures ?? [],
    sentBy: row.sentBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** Where poets turn reminders off: the site's /profile (PUBLIC_SITE_URL, else the first CORS origin). */
const profileUrl = () => `${siteUrl()}/profile#reminders`;

export function reminderEmail(input: Pick<ReminderInput, 'subject' | 'body'>, recipient: Recipient, optOutUrl = profileUrl()) {
  const body = personal(input.body, recipient);
  const locale = isLocale(recipient.preferredLocale) ? recipient.preferredLocale : 'en';
  const why = say('reminder.why', locale);
  const footer = say(msg('reminder.footer', { why, url: optOutUrl }), locale);
  const paragraphs = body.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).split('\n').join('<br>')}</p>`);
  return {
    to: recipient.email,
    subject: personal(input.subject, recipient),
    text: `${body}\n\n--\n${footer}\n`,
    html: `${paragraphs.join('\n')}\n<hr>\n<p style="font-size:12px;color:#57534e" lang="${locale}" dir="${dirOf(locale)}">${escapeHtml(why)} <a href="${escapeHtml(optOutUrl)}">${escapeHtml(say('reminder.turnOff', locale))}</a>.</p>`,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const reminders = () => strapi.db.query(REMINDER);
  const users = () => userRepository(strapi);
  const activity = () => getService(strapi, 'api::user.contest-activity');
  const deliveries = new Map<string, Promise<void>>();
  const env = process.env;
  const batchSize = () => Math.max(1, Number(env.REMINDER_BATCH_SIZE ?? 50));
  const parallel = () => Math.max(1, Number(env.REMINDER_PARALLEL_SENDS ?? 5));
  const pauseMs = () => Math.max(0, Number(env.REMINDER_BATCH_PAUSE_MS ?? 250));

  /** Verified, active poets (the poet role) who have not turned reminders off (the user repository's `remindable`), narrowed by this month's entries. */
  async function audienceIds(audience: ReminderAudience, month: string): Promise<IdFilter> {
    if (audience === 'verified-poets') return {};
    const entrants = await activity().entrantIds(month);
    return audience === 'entered-this-month' ? { in: entrants } : { notIn: entrants };
  }

  async function recipientsOf(audience: ReminderAudience, month: string): Promise<Recipient[]> {
    return (await users().remindable(await audienceIds(audience, month), ['email', 'name', 'preferredLocale'])) as Recipient[];
  }

  const nobodyIn = (audience: ReminderAudience) => new ApiError(422, msg('reminder.nobody', { audience: REMINDER_AUDIENCES[audience] }), {}, 'ValidationError');

  /** The same key must mean the same reminder: a repeat answers the first request, a different one is refused. */
  function replay(row: Row, input: ReminderInput) {
    if (row.subject !== input.subject || row.body !== input.body || row.audience !== input.audience) {
      throw new ApiError(409, msg('reminder.keyReused'));
    }
    return { record: present(row), replayed: true };
  }

  async function sendOne(input: ReminderInput, recipient: Recipient): Promise<void> {
    await strapi.plugin('email').service('email').send(reminderEmail(input, recipient));
  }

  /** Sends in batches, recording progress after each one; never throws (the record says what happened). */
  async function deliver(row: Row, input: ReminderInput, recipients: Recipient[]): Promise<void> {
    let sent = 0;
    const failures: { email: string; error: string }[] = [];
    try {
      for (let start = 0; start < recipients.length; start += batchSize()) {
        const batch = recipients.slice(start, start + batchSize());
        for (let i = 0; i < batch.length; i += parallel()) {
          const group = batch.slice(i, i + parallel());
          const results = await Promise.allSettled(group.map((recipient) => sendOne(input, recipient)));
          results.forEach((result, j) => {
            if (result.status === 'fulfilled') sent += 1;
            else failures.push({ email: group[j].email, error: String((result.reason as Error)?.message ?? result.reason).slice(0, 300) });
          });
        }
        const done = start + batch.length >= recipients.length;
        await reminders().update({
          where: { id: row.id },
          data: {
            sent,
            failed: failures.length,
            failures: failures.slice(0, MAX_FAILURES_KEPT),
            ...(done ? { status: sent === 0 ? 'failed' : 'sent', finishedAt: new Date() } : {}),
          },
        });
        if (!done && pauseMs()) await new Promise((resolve) => setTimeout(resolve, pauseMs()));
      }
      strapi.log.info(`reminder ${row.documentId}: ${sent} sent, ${failures.length} failed`);
    } catch (error) {
      strapi.log.error(`reminder ${row.documentId} stopped after ${sent} sent: ${(error as Error).message}`);
      await reminders()
        .update({
          where: { id: row.id },
          data: { status: 'failed', sent, failed: failures.length, failures: failures.slice(0, MAX_FAILURES_KEPT), finishedAt: new Date() },
        })
        .catch(() => undefined);
    }
  }

  return {
    async audienceCounts(): Promise<ReminderAudienceCounts> {
      const month = await activity().currentMonth();
      const audiences = await Promise.all(
        (Object.keys(REMINDER_AUDIENCES) as ReminderAudience[]).map(async (id) => ({
          id,
          label: REMINDER_AUDIENCES[id],
          count: await users().countRemindable(await audienceIds(id, month)),
        })),
      );
      return { month, audiences };
    },

    /** What sending would do now: how many poets, the first of them, and the email as the first one gets it. Sends nothing. */
    async preview(input: ReminderInput): Promise<ReminderPreview> {
      const month = await activity().currentMonth();
      const recipients = await recipientsOf(input.audience, month);
      if (recipients.length === 0) throw nobodyIn(input.audience);
      return {
        audience: input.audience,
        month,
        recipients: recipients.length,
        sample: recipients.slice(0, PREVIEW_SAMPLE).map(({ name, email }) => ({ name, email })),
        email: reminderEmail(input, recipients[0]),
      };
    },

    /**
     * Records the reminder and starts sending it in the background (answer first, mail after). The
     * Idempotency-Key is unique in the database, so a double click or a retry sends nothing twice.
     */
    async start(actor: UserRow, input: ReminderInput, key: string): Promise<{ record: ReminderRecord; replayed: boolean }> {
      const existing: Row | null = await reminders().findOne({ where: { idempotencyKey: key } });
      if (existing) return replay(existing, input);
      const month = await activity().currentMonth();
      const recipients = await recipientsOf(input.audience, month);
      if (recipients.length === 0) throw nobodyIn(input.audience);
      let row: Row;
      try {
        row = await reminders().create({
          data: {
            ...input,
            month,
            idempotencyKey: key,
            status: 'sending',
            recipients: recipients.length,
            sent: 0,
            failed: 0,
            failures: [],
            sentBy: actor.email ?? actor.firebaseUid,
          },
        });
      } catch (error) {
        const raced: Row | null = await reminders().findOne({ where: { idempotencyKey: key } });
        if (raced) return replay(raced, input);
        throw error;
      }
      const delivery = runInBackground(strapi, `reminder ${row.documentId}`, async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await deliver(row, input, recipients);
      }).finally(() => deliveries.delete(row.documentId));
      deliveries.set(row.documentId, delivery);
      return { record: present(row), replayed: false };
    },

    /** Resolves once the reminder's sending has finished in this process (tests, shutdown). */
    async delivered(id: string): Promise<void> {
      await deliveries.get(id);
    },

    async list(): Promise<ReminderRecord[]> {
      const rows: Row[] = await reminders().findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: HISTORY });
      return rows.map(present);
    },

    async findOne(id: string): Promise<ReminderRecord> {
      const row: Row | null = await reminders().findOne({ where: { documentId: id } });
      if (!row) throw new ApiError(404, msg('reminder.notFound'));
      return present(row);
    },

    async preference(user: UserRow & { remindersOptOut?: boolean | null }) {
      return { optedOut: user.remindersOptOut === true };
    },

    async setPreference(user: UserRow, optedOut: boolean) {
      await users().update(user.id, { remindersOptOut: optedOut });
      return { optedOut };
    },
  };
};
