// The receipt a poet gets by email once an entry is stored, and the entry codes on it.
import { randomInt } from 'node:crypto';
import { competitionContestTitle, monthName } from '@writory/shared';

// No 0/O, 1/I/L or U: a code read aloud or copied by hand stays right.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "W2611-K7QMX": W, the contest's year and month, and five random characters. */
export function newEntryCode(month: string): string {
  const suffix = Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `W${month.slice(2, 4)}${month.slice(5, 7)}-${suffix}`;
}

export const ENTRY_CODE = /^W\d{4}-[2-9A-HJKMNP-TV-Z]{5}$/;

export interface ReceiptInput {
  poetName: string;
  /** The competition entered (issue 37); "Poetry" when not given. */
  competitionName?: string;
  kind?: 'poem' | 'story';
  code: string;
  title: string;
  month: string;
  theme: string | null;
  submittedAt: Date;
  resultsAt: Date;
  timeZone: string;
  siteUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "25 November 2026 at 23:59 GMT+5:30": a date and time in the contest time zone, the zone named. */
export const formatInZone = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);

export { monthName };

/** Subject, plain text and HTML of the receipt email. */
export function receiptEmail(input: ReceiptInput): { subject: string; text: string; html: string } {
  // "Writory Story Competition, March 2027 (theme: …)"
  const contest = `${competitionContestTitle(input.competitionName ?? 'Poetry', input.month).replace(/^Writory /, '')}${input.theme ? ` (theme: ${input.theme})` : ''}`;
  const what = input.kind ?? 'poem';
  const lines = [
    `Dear ${input.poetName},`,
    '',
    `Thank you: your ${what} “${input.title}” is entered in the Writory ${contest}.`,
    '',
    `Entry code: ${input.code}`,
    `Received: ${formatInZone(input.submittedAt, input.timeZone)}`,
    `Results: ${formatInZone(input.resultsAt, input.timeZone)}`,
    '',
    `Judges read your ${what} without your name. Submissions are final, so there is nothing more to do.`,
    `Follow your entry on your profile: ${input.siteUrl}/profile#entries`,
    '',
    'Writory',
  ];
  const html =
    `<p>Dear ${escapeHtml(input.poetName)},</p>` +
    `<p>Thank you: your ${what} “${escapeHtml(input.title)}” is entered in the Writory ${escapeHtml(contest)}.</p>` +
    `<p><strong>Entry code: ${escapeHtml(input.code)}</strong><br>Received: ${escapeHtml(formatInZone(input.submittedAt, input.timeZone))}<br>` +
    `Results: ${escapeHtml(formatInZone(input.resultsAt, input.timeZone))}</p>` +
    `<p>Judges read your ${what} without your name. Submissions are final, so there is nothing more to do.</p>` +
    `<p><a href="${escapeHtml(`${input.siteUrl}/profile#entries`)}">Follow your entry on your profile</a></p><p>Writory</p>`;
  return { subject: `Writory: your entry ${input.code} is received`, text: lines.join('\n'), html };
}
