import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import CriteriaEditor, { type CriterionDraft } from './CriteriaEditor';

function Harness({ start }: { start: CriterionDraft[] }) {
  const [criteria, setCriteria] = useState(start);
  return <CriteriaEditor criteria={criteria} onChange={setCriteria} />;
}

describe('CriteriaEditor', () => {
  afterEach(cleanup);

  it('keeps a live total that says what is missing until it is 100', () => {
    render(
      <Harness
        start={[
          { name: 'Plot', max: '50' },
          { name: 'Language', max: '30' },
        ]}
      />,
    );
    expect(screen.getByTestId('criteria-total').textContent).toBe('Total 80 of 100 (20 to add)');
    fireEvent.click(screen.getByRole('button', { name: 'Add a criterion' }));
    fireEvent.change(screen.getByLabelText('Criterion 3'), { target: { value: 'Theme' } });
    fireEvent.change(screen.getAllByLabelText('Points')[2]!, { target: { value: '25' } });
    expect(screen.getByTestId('criteria-total').textContent).toBe('Total 105 of 100 (5 too many)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove criterion 2 (Language)' }));
    fireEvent.change(screen.getAllByLabelText('Points')[1]!, { target: { value: '50' } });
    expect(screen.getByTestId('criteria-total').textContent).toBe('Total 100 of 100');
  });
});
