import { useEffect, useId, useState } from 'react';
import { dayText, parseDayText, todayIn } from '../../lib/date-range';
import { useHydrated } from './useHydrated';
import { t } from '../../i18n/t';

interface Props {
  label: string;
  /** The day, YYYY-MM-DD, or '' when none is chosen (anything else: what was typed is not a day, and stays shown). */
  value: string;
  /** The typed day as YYYY-MM-DD, '' when the box is empty, or null when the text is not a day. */
  onChange(day: string | null): void;
  /** A day to show in the hint, YYYY-MM-DD. */
  example: string;
}

/**
 * A day in a text box, its month named in the page's language ("25 Nov 2026" in the reader's English, "25 नवंबर 2026",
 * "25 نوفمبر 2026": lib/date-range.ts `dayText`), where the browser's own date box would show its language's numbers
 * (10/31/2026) beside our words. Typed, pasted or read aloud like any text field, in English, Hindi or Arabic month
 * names and any script's digits; the hint gives the format, and text that is not a day is marked and explained on
 * leaving.
 */
export default function DayField({ label, value, onChange, example }: Props) {
  const id = useId();
  // On an English page days are written in the reader's English, which the server cannot know: the first render shows
  // none, as the server did, and the hint's example comes once the island is live.
  const hydrated = useHydrated();
  const [text, setText] = useState(() => (value && hydrated ? dayText(value) : ''));
  const [invalid, setInvalid] = useState(false);
  // A new day from outside (a quick range, the server's default range) replaces what the box shows.
  useEffect(() => {
    if (!hydrated) return;
    if (value && !parseDayText(value)) return; // the parent's mark for text that is not a day: keep what was typed
    if ((parseDayText(text) ?? '') !== value) {
      setText(value ? dayText(value) : '');
      setInvalid(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of `value` (or going live) rewrites the text
  }, [value, hydrated]);

  // The hint's day: the one given, or today when it is not a day (a parent may pass what was typed).
  const hintDay = parseDayText(example) ?? todayIn('UTC');
  const type = (next: string) => {
    setText(next);
    setInvalid(false);
    onChange(next.trim() ? parseDayText(next) : '');
  };
  const leave = () => {
    const day = parseDayText(text);
    if (day) setText(dayText(day));
    else setInvalid(text.trim() !== '');
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => type(event.target.value)}
        onBlur={leave}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className="min-h-11 w-40 rounded-md border border-stone-400 bg-white px-3 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
      />
      <p id={`${id}-hint`} className={`text-xs ${invalid ? 'font-medium text-red-800' : 'text-ink-soft'}`}>
        {!hydrated ? t('day.format') : invalid ? t('day.invalid', { example: dayText(hintDay) }) : t('day.like', { example: dayText(hintDay) })}
      </p>
    </div>
  );
}
