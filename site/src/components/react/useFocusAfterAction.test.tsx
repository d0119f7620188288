import { afterEach, describe, expect, it } from 'vitest';
import { useRef, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useFocusAfterAction } from './useFocusAfterAction';

afterEach(cleanup);

/** A list whose "Remove" buttons delete their row and send focus to "Next"; `movedTo` is focused first, as a fast keyboard would. */
function List({ movedTo }: { movedTo?: string }) {
  const [rows, setRows] = useState(['One', 'Two']);
  const box = useRef<HTMLDivElement>(null);
  const focusAfter = useFocusAfterAction(box);
  const remove = (row: string) => {
    const from = document.activeElement;
    if (movedTo) screen.getByRole('button', { name: movedTo }).focus();
    setRows((all) => all.filter((r) => r !== row));
    focusAfter(() => screen.getByRole('button', { name: 'Next' }), from);
  };
  return (
    <div ref={box} tabIndex={-1}>
      {rows.map((row) => (
        <button key={row} type="button" onClick={() => remove(row)}>{`Remove ${row}`}</button>
      ))}
      <button type="button">Next</button>
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('useFocusAfterAction', () => {
  it('moves focus in the render that removes the activated control', () => {
    render(<List />);
    const remove = screen.getByRole('button', { name: 'Remove One' });
    remove.focus();
    act(() => remove.click());
    expect(screen.queryByRole('button', { name: 'Remove One' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('leaves focus where the person has moved it since the action', () => {
    render(<List movedTo="Elsewhere" />);
    const remove = screen.getByRole('button', { name: 'Remove Two' });
    remove.focus();
    act(() => remove.click());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
