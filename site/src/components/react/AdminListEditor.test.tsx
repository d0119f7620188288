import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import AdminListEditor from './AdminListEditor';

interface Item {
  id: number;
  name: string;
}
const items: Item[] = [
  { id: 1, name: 'Single' },
  { id: 2, name: 'Trio' },
];

function renderList(overrides: Partial<Parameters<typeof AdminListEditor<Item>>[0]> = {}) {
  const props = {
    loaded: { state: 'ready' as const, data: items },
    failedMessage: 'The tiers could not be loaded.',
    testId: 'admin-things',
    label: 'Things',
    columns: ['Thing'],
    rowKey: (item: Item) => item.id,
    cells: (item: Item) => <td>{item.name}</td>,
    nameOf: (item: Item) => item.name,
    onEdit: vi.fn(),
    addLabel: 'Add a thing',
    onAdd: vi.fn(),
    editor: () => null,
    notice: null,
    ...overrides,
  };
  render(<AdminListEditor<Item> {...props} />);
  return props;
}

afterEach(cleanup);

describe('AdminListEditor', () => {
  it('says it is loading, or that the list could not be loaded', () => {
    renderList({ loaded: { state: 'loading', data: null } });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    cleanup();
    renderList({ loaded: { state: 'failed', data: null } });
    expect(screen.getByRole('alert').textContent).toContain('The tiers could not be loaded.');
  });

  it('lists the items with their columns and an Edit button named after each', () => {
    const props = renderList();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Thing', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Trio' }));
    expect(props.onEdit).toHaveBeenCalledWith(items[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a thing' }));
    expect(props.onAdd).toHaveBeenCalled();
  });

  it('shows the open form instead of the add button', () => {
    renderList({ editor: (list) => <form aria-label="Edit form">{list.length} items</form> });
    expect(screen.getByRole('form', { name: 'Edit form' }).textContent).toBe('2 items');
    expect(screen.queryByRole('button', { name: 'Add a thing' })).toBeNull();
  });
});
