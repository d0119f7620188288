import { useEffect, useId, useState } from 'react';
import { WALL_SEARCH_MAX, WALL_THEMES, type WallTheme } from '@writory/shared';
import { t } from '../../i18n/t';
import { useHydrated } from '../react/useHydrated';
import { WALL_LANGUAGES, languageLabel, type WallFilters } from '../../lib/wall';

const FILTER_LANGUAGES = WALL_LANGUAGES.filter((tag) => tag !== 'und');

/** The wall's filters: words to search for, a language, a theme tag. Sends them as one view; "Show all" clears them. */
export default function WallFinder({ filters, busy, onFind }: { filters: WallFilters; busy: boolean; onFind: (filters: WallFilters) => void }) {
  const id = useId();
  // Language names come from the reader's Intl (Node's and the browser's differ): the built HTML shows the tags,
  // the browser its own names once hydrated, so hydration never finds different text.
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<WallFilters>(filters);
  // Back and Forward change the view: the fields show the view's filters.
  useEffect(() => setDraft(filters), [filters.language, filters.theme, filters.q]);
  const active = Boolean(filters.language || filters.theme || filters.q);
  return (
    <form
      role="search"
      aria-labelledby={`${id}-heading`}
      className="mt-6 grid gap-4 rounded-lg border border-stone-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onFind(draft);
      }}
    >
      <h3 id={`${id}-heading`} className="sr-only">
        {t('wall.find.heading')}
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold">
          {t('wall.find.search')}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          dir="auto"
          maxLength={WALL_SEARCH_MAX}
          className="input input-bordered w-full"
          aria-describedby={`${id}-q-hint`}
          value={draft.q ?? ''}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <p id={`${id}-q-hint`} className="text-xs text-ink-soft">
          {t('wall.find.searchHint')}
        </p>
      </div>
      <div className="flex flex-col gap-1 md:self-start">
        <label htmlFor={`${id}-language`} className="text-sm font-semibold">
          {t('wall.find.language')}
        </label>
        <select
          id={`${id}-language`}
          name="language"
          className="select select-bordered w-full"
          value={draft.language ?? ''}
          onChange={(event) => setDraft({ ...draft, language: event.target.value || undefined })}
        >
          <option value="">{t('wall.find.anyLanguage')}</option>
          {FILTER_LANGUAGES.map((tag) => (
            <option key={tag} value={tag}>
              {hydrated ? languageLabel(tag) : tag}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 md:self-start">
        <label htmlFor={`${id}-theme`} className="text-sm font-semibold">
          {t('wall.find.theme')}
        </label>
        <select
          id={`${id}-theme`}
          name="theme"
          className="select select-bordered w-full"
          value={draft.theme ?? ''}
          onChange={(event) => setDraft({ ...draft, theme: (event.target.value || undefined) as WallTheme | undefined })}
        >
          <option value="">{t('wall.find.anyTheme')}</option>
          {WALL_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`wall.theme.${theme}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2 md:mb-5">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('wall.find.submit')}
        </button>
        {active && (
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onFind({})}>
            {t('wall.find.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
