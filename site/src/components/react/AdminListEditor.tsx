import type { ReactNode } from 'react';
import type { Loadable } from '../../stores/loadable';
import { FormAlert, Notice } from './Message';
import ScrollRegion from './ScrollRegion';
import { t } from '../../i18n/t';

interface Props<T> {
  /** The list as its store holds it (loading, failed or ready). */
  loaded: Loadable<T[]>;
  /** Said when the list could not be loaded ("The tiers could not be loaded."). */
  failedMessage: string;
  testId: string;
  /** What the table lists, naming its scroll region ("Tiers"). */
  label: string;
  /** The column headings before the actions column. */
  columns: string[];
  rowKey(item: T): string | number;
  /** The row's cells (`<td>`s), one per column. */
  cells(item: T): ReactNode;
  /** The item's name, for its Edit button ("Edit Trio"). */
  nameOf(item: T): string;
  onEdit(item: T): void;
  /** The add button's text ("Add a tier"). */
  addLabel: string;
  onAdd(): void;
  /** The form open now (given the loaded list), or null: the add button shows instead. */
  editor(items: T[]): ReactNode | null;
  /** Shown above the list (a header, a panel). */
  above?: ReactNode;
  /** The last save's message, and an error of the page's own (a failed load of one item). */
  notice: string | null;
  error?: string | null;
}

/**
 * The admin pages' list-and-editor (/admin-tier-prices, /admin-competitions): the list in a table with an Edit
 * button per row, and below it either the add button or the open form. The page keeps what is edited and the form.
 */
export default function AdminListEditor<T>(props: Props<T>) {
  const { loaded } = props;
  if (loaded.state === 'failed') return <FormAlert>{props.failedMessage}</FormAlert>;
  const items = loaded.data;
  if (!items) return <p role="status">{t('common.loading')}</p>;
  const editor = props.editor(items);
  return (
    <div className="space-y-6" data-testid={props.testId}>
      {props.above}
      <Notice>{props.notice}</Notice>
      {props.error !== undefined && <FormAlert>{props.error}</FormAlert>}
      <ScrollRegion label={props.label}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-stone-300 bg-parchment">
              {props.columns.map((column) => (
                <th key={column} scope="col" className="p-2 text-start">
                  {column}
                </th>
              ))}
              <th scope="col" className="p-2 text-start">
                <span className="sr-only">{t('adminList.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={props.rowKey(item)} className="border-b border-stone-200 align-top">
                {props.cells(item)}
                <td className="p-2">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => props.onEdit(item)}
                    aria-label={t('adminList.editNamed', { name: props.nameOf(item) })}
                  >
                    {t('adminList.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {editor ?? (
        <button type="button" className="btn btn-default" onClick={props.onAdd}>
          {props.addLabel}
        </button>
      )}
    </div>
  );
}
