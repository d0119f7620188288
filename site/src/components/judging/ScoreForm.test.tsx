import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ScoreInput } from '@writory/shared';
import ScoreForm from './ScoreForm';

const CRITERIA = [
  { name: 'Plot', max: 40 },
  { name: 'Voice', max: 30 },
  { name: 'Theme', max: 30 },
];

describe('ScoreForm', () => {
  afterEach(cleanup);

  it('asks for a mark per criterion of the contest, each with its own maximum, and totals them', () => {
    render(<ScoreForm code="W2611-AAAAA" criteria={CRITERIA} onSubmit={async () => undefined} />);
    expect(screen.queryByLabelText('Structure')).toBeNull();
    expect(screen.getByLabelText('Plot').getAttribute('max')).toBe('40');
    expect(screen.getByLabelText('Voice').getAttribute('aria-describedby')).toMatch(/-max /);
    expect(screen.getByText('from 0 to 40')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Plot'), { target: { value: '35' } });
    fireEvent.change(screen.getByLabelText('Voice'), { target: { value: '20' } });
    expect(screen.getByTestId('score-total').textContent).toBe('Total: 55 / 100');
  });

  it('names a mark above its criterion’s maximum and sends nothing; sends the marks by name once all are right', async () => {
    const sent: ScoreInput[] = [];
    render(<ScoreForm code="W2611-AAAAA" criteria={CRITERIA} onSubmit={async (scores) => void sent.push(scores)} />);
    fireEvent.change(screen.getByLabelText('Plot'), { target: { value: '41' } });
    fireEvent.change(screen.getByLabelText('Voice'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: /^Submit scores/ }));
    await waitFor(() => expect(screen.getByLabelText('Plot').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Give a whole number from 0 to 40.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Plot'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: /^Submit scores/ }));
    await waitFor(() => expect(sent).toEqual([{ marks: { Plot: 40, Voice: 20, Theme: 10 }, comment: null }]));
  });
});
