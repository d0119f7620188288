// Contest instants shown two ways (the contest's time zone and the visitor's own), and the wall-clock values
// of <input type="datetime-local"> read and written in the contest's time zone (not the browser's).

const pad = (n: number) => String(n).padStart(2, '0');

/** "25 Nov 2026, 23:59 GMT+5:30": an instant in a time zone (the browser's own when none is given). */
export function formatInstant(iso: string, timeZone?: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The date and time shown in the contest's zone, and in the visitor's when that differs. */
export function formatBoth(iso: string, contestTimeZone: string, localTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  const contest = formatInstant(iso, contestTimeZone);
  const local = formatInstant(iso, localTimeZone);
  return { contest, local: local === contest ? null : local };
}

function wallClock(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/** "2026-11-25T23:59" as seen in the zone: the value for a datetime-local input. */
export function toZonedInput(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso).getTime(), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant (ISO, UTC) of a datetime-local value read as a wall clock in the zone; null when malformed. */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes find the right offset also next to a daylight-saving change.
  let ms = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  ms = asUtc - offsetMinutes(ms, timeZone) * 60_000;
  return new Date(ms).toISOString();
}

/**
 * The instant to show as a closing time: windows end at the first instant of the next day (exclusive), which
 * reads better as the last minute of the day before ("25 Nov, 23:59" rather than "26 Nov, 00:00").
 */
export function closingShown(iso: string, timeZone: string): string {
  return toZonedInput(iso, timeZone).endsWith('T00:00') ? new Date(new Date(iso).getTime() - 60_000).toISOString() : iso;
}
