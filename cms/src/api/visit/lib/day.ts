const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
