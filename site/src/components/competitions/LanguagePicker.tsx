import { useId } from 'react';
import { LANGUAGES } from '@writory/shared';
import { languageNameHere } from '../../lib/competitions';

interface Props {
  legend: string;
  hint?: string;
  chosen: readonly string[];
  onChange(codes: string[]): void;
}

/** Languages as checkboxes (the name in the page's language, and in its own script), in the one list the site offers. */
export default function LanguagePicker({ legend, hint, chosen, onChange }: Props) {
  const id = useId();
  const toggle = (code: string) => onChange(chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code]);
  return (
    <fieldset className="rounded-md border border-stone-300 p-3" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {LANGUAGES.map((language) => (
          <label key={language.code} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input type="checkbox" checked={chosen.includes(language.code)} onChange={() => toggle(language.code)} className="h-4 w-4 accent-quill" />
            <span>
              {languageNameHere(language.code)}{' '}
              <span lang={language.code} dir="auto" className="text-ink-soft">
                {language.native}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
