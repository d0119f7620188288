// The reminder page's words for the month its audience counts are for.
import { t } from '../i18n/t';
import { formatMonth } from './format';

/** "2026-11" → "November 2026". */
export const audienceMonth = (month: string): string => formatMonth(month);

/** The note under "Send to": which month the counts are for, and who is never counted. */
export const audienceNote = (month: string): string => t('adminReminder.countsNote', { month: audienceMonth(month) });
