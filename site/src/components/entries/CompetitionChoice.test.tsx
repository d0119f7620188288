import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { POETRY_CRITERIA, STORY_CRITERIA, type CompetitionSummary } from '@writory/shared';
import CompetitionChoice from './CompetitionChoice';

const competition = (slug: string, name: string, extra: Partial<CompetitionSummary> = {}): CompetitionSummary => ({
  slug,
  name,
  kind: 'poem',
  tagline: `${name} tagline`,
  languages: [],
  criteria: POETRY_CRITERIA,
  limits: { maxWords: null, maxBytes: 5 * 1024 * 1024, freeEntriesPerMonth: 1 },
  current: null,
  ...extra,
});
const competitions = [
  competition('poetry', 'Poetry'),
  competition('story', 'Story', { kind: 'story', criteria: STORY_CRITERIA, limits: { maxWords: 5000, maxBytes: 5 * 1024 * 1024, freeEntriesPerMonth: 1 } }),
  competition('regional-languages', 'Regional Languages', { languages: ['hi', 'ta', 'ur'] }),
];

describe('CompetitionChoice', () => {
  afterEach(cleanup);

  it('asks which competition with one radio button each, and shows the chosen one’s rules', () => {
    const onChoose = vi.fn();
    const { rerender } = render(<CompetitionChoice competitions={competitions} chosen="story" onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Which competition are you entering?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect((within(group).getByRole('radio', { name: /^Story/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      document.getElementById(
        within(group)
          .getByRole('radio', { name: /^Story/ })
          .getAttribute('aria-describedby')!,
      )?.textContent,
    ).toBe('Story tagline');
    expect(screen.getByTestId('competition-rules-note').textContent).toContain('At most 5,000 words.');

    fireEvent.click(within(group).getByRole('radio', { name: /^Regional Languages/ }));
    expect(onChoose).toHaveBeenCalledWith('regional-languages');
    rerender(<CompetitionChoice competitions={competitions} chosen="regional-languages" onChoose={onChoose} />);
    expect(screen.getByTestId('competition-rules-languages').textContent).toBe('Hindi, Tamil and Urdu');
    expect(screen.getByRole('link', { name: /All rules, dates and past winners of Regional Languages/ }).getAttribute('href')).toBe(
      '/competitions/regional-languages',
    );
  });
});
