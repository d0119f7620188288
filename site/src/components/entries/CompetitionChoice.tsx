import { useId } from 'react';
import type { CompetitionSummary } from '@writory/shared';
import { languagesInWords, limitsInWords } from '../../lib/competitions';
import { localHref } from '../../i18n/paths';
import { around } from '../../i18n/around';
import { t } from '../../i18n/t';

interface Props {
  /** With `fallback` when the cms served a tagline in English for want of a translation. */
  competitions: (CompetitionSummary & { fallback?: boolean })[];
  chosen: string;
  onChoose(slug: string): void;
}

/**
 * The first question on /submit: which competition. Native radio buttons (arrow keys move between them), each
 * with its tagline; under them, the chosen competition's rules the form cannot show by itself.
 */
export default function CompetitionChoice({ competitions, chosen, onChoose }: Props) {
  const id = useId();
  const competition = competitions.find((c) => c.slug === chosen);
  return (
    <div className="space-y-3">
      <fieldset className="rounded-lg border border-stone-200 bg-white p-5" data-testid="competition-choice">
        <legend className="px-1 font-serif text-lg font-bold">{t('choice.legend')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {competitions.map((c) => (
            <label
              key={c.slug}
              htmlFor={`${id}-${c.slug}`}
              className="flex cursor-pointer gap-3 rounded-md border border-stone-300 p-3 has-[:checked]:border-quill has-[:checked]:bg-parchment has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-quill"
            >
              <input
                id={`${id}-${c.slug}`}
                type="radio"
                name="competition"
                value={c.slug}
                checked={c.slug === chosen}
                onChange={() => onChoose(c.slug)}
                aria-describedby={c.tagline ? `${id}-${c.slug}-tagline` : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-quill"
              />
              <span>
                <span className="block font-semibold">{c.name}</span>
                {c.tagline && (
                  <span id={`${id}-${c.slug}-tagline`} className="block text-sm text-ink-soft" lang={c.fallback ? 'en' : undefined}>
                    {c.tagline}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {competition && (
        <section
          aria-label={t('choice.rules', { name: competition.name })}
          className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
          data-testid="competition-rules-note"
        >
          <ul className="list-disc space-y-1 ps-5">
            <li>
              {around(t(competition.kind === 'story' ? 'choice.storiesIn' : 'choice.poemsIn'), {
                languages: <span data-testid="competition-rules-languages">{languagesInWords(competition.languages)}</span>,
              })}
            </li>
            {limitsInWords(competition).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2">
            <a href={localHref(`/competitions/${encodeURIComponent(competition.slug)}`)} className="btn-link">
              {t('choice.allRules', { name: competition.name })}
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
