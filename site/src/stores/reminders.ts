// The admin's reminder emails (/admin-email-reminder): how many poets each audience reaches now, the reminders sent
// and whether one is still sending. Composing and previewing stay in the island (one form's steps).
import { atom, computed } from 'nanostores';
import type { ReminderAudienceCounts, ReminderBody, ReminderRecord } from '@writory/shared';
import { fetchReminderAudiences, fetchReminders, sendReminder } from '../api/reminders';

export const $reminderAudiences = atom<ReminderAudienceCounts | null>(null);
/** Newest first, as the cms lists them. */
export const $reminderHistory = atom<ReminderRecord[]>([]);
/** A reminder is on its way: the page follows its progress. */
export const $reminderSending = computed($reminderHistory, (history) => history.some((record) => record.status === 'sending'));

/** Reads the audiences and the history; throws what the cms answered when it cannot. */
export async function loadReminders(): Promise<void> {
  const [audiences, sent] = await Promise.all([fetchReminderAudiences(), fetchReminders()]);
  $reminderAudiences.set(audiences);
  $reminderHistory.set(sent.reminders);
}

/** Reads the history again (while one is sending); a failed read keeps what is shown. */
export function refreshReminderHistory(): Promise<void> {
  return fetchReminders().then(
    (sent) => $reminderHistory.set(sent.reminders),
    () => undefined,
  );
}

/** Sends once per key (a second click or a retry answers the first send) and puts the record at the top of the history. */
export async function sendReminderOnce(body: ReminderBody, idempotencyKey: string): Promise<ReminderRecord> {
  const record = await sendReminder(body, idempotencyKey);
  $reminderHistory.set([record, ...$reminderHistory.get().filter((r) => r.id !== record.id)]);
  return record;
}
