// The back-office list: a table on a tablet or desktop, stacked cards on a phone (each value with its
// column's name), with optional row selection (select-all for the rows shown) and sortable columns.
import clsx from 'clsx';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';

export type RowId = string | number;

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The name shown next to the value in the phone layout, when the header is not plain text. */
  label?: string;
  /** The API's sort field, when the column can be sorted. */
  sortKey?: string;
  className?: string;
}

export interface Sorting {
  by: string;
  order: 'asc' | 'desc';
  onChange: (by: string, order: 'asc' | 'desc') => void;
}

export interface Selection<Row> {
  selected: ReadonlySet<RowId>;
  onChange: (next: Set<RowId>) => void;
  /** How a row's checkbox is read out, e.g. "Seleziona la tessera T2026-00001". */
  rowLabel: (row: Row) => string;
  selectAllLabel?: string;
}

function SelectAll<Row>({ rows, rowKey, selection, showLabel = false }: { rows: Row[]; rowKey: (row: Row) => RowId; selection: Selection<Row>; showLabel?: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  const ids = rows.map(rowKey);
  const chosen = ids.filter((id) => selection.selected.has(id)).length;
  const all = ids.length > 0 && chosen === ids.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <label className="inline-flex items-center gap-2">
      <input
        ref={box}
        type="checkbox"
        className="h-4 w-4 accent-sea-700"
        checked={all}
        disabled={ids.length === 0}
        onChange={() => {
          const next = new Set(selection.selected);
          ids.forEach((id) => (all ? next.delete(id) : next.add(id)));
          selection.onChange(next);
        }}
      />
      <span className={showLabel ? 'text-slate-700' : 'sr-only'}>{selection.selectAllLabel ?? <Trans>Seleziona tutte</Trans>}</span>
    </label>
  );
}

function SortHeader({ column, sorting }: { column: DataColumn<never>; sorting: Sorting }) {
  const active = sorting.by === column.sortKey;
  const Icon = !active ? ArrowUpDown : sorting.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 rounded uppercase hover:text-sea-800 focus-visible:outline-2 focus-visible:outline-sea-700"
      onClick={() => sorting.onChange(column.sortKey!, active && sorting.order === 'asc' ? 'desc' : 'asc')}
    >
      {column.header}
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
    </button>
  );
}

const ariaSort = (column: DataColumn<never>, sorting?: Sorting) =>
  column.sortKey && sorting ? (sorting.by === column.sortKey ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none') : undefined;

export interface DataTableProps<Row> {
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => RowId;
  /** Shown instead of the rows when there are none (omitted when the caller never renders the table empty). */
  empty?: ReactNode;
  /** Dims the rows while a new page or filter loads (the old rows stay, so nothing jumps). */
  loading?: boolean;
  rowClassName?: (row: Row) => string | undefined;
  selection?: Selection<Row>;
  sorting?: Sorting;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, empty, loading = false, rowClassName, selection, sorting }: DataTableProps<Row>) {
  const columnCount = columns.length + (selection ? 1 : 0);
  return (
    <div className="relative">
      {selection && rows.length > 0 && (
        <div className="mb-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm sm:hidden">
          <SelectAll rows={rows} rowKey={rowKey} selection={selection} showLabel />
        </div>
      )}
      <div className="rounded-xl sm:overflow-x-auto sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
        <table aria-busy={loading || undefined} className={clsx('min-w-full text-sm max-sm:block', loading && 'opacity-60')}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 max-sm:hidden">
            <tr>
              {selection && (
                <th scope="col" className="w-10 px-4 py-3 text-left">
                  <SelectAll rows={rows} rowKey={rowKey} selection={selection} />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.key} scope="col" aria-sort={ariaSort(column as DataColumn<never>, sorting)} className={clsx('px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase', column.className)}>
                  {column.sortKey && sorting ? <SortHeader column={column as DataColumn<never>} sorting={sorting} /> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-slate-100 max-sm:block max-sm:space-y-3 sm:divide-y">
            {rows.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500 max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:bg-white">
                  {loading ? <Spinner /> : empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = rowKey(row);
                return (
                  <tr key={id} className={clsx('max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3 max-sm:shadow-sm', rowClassName?.(row))}>
                    {selection && (
                      <td className="px-4 py-3 align-top max-sm:block max-sm:p-1">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-sea-700"
                          aria-label={selection.rowLabel(row)}
                          checked={selection.selected.has(id)}
                          onChange={(event) => {
                            const next = new Set(selection.selected);
                            if (event.target.checked) next.add(id);
                            else next.delete(id);
                            selection.onChange(next);
                          }}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td key={column.key} className={clsx('px-4 py-3 align-top max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:px-1 max-sm:py-1.5', column.className)}>
                        <span className="shrink-0 text-xs font-semibold text-slate-500 uppercase sm:hidden">{column.label ?? column.header}</span>
                        <div className="max-sm:min-w-0 max-sm:text-right">{column.cell(row)}</div>
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
