import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A data table that scrolls sideways on a phone, with its empty state inside. */
export function Table<T>({ caption, columns, rows, rowKey, empty, rowClassName }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number; empty: ReactNode; rowClassName?: (row: T) => string | undefined }) {
  return (
    // relative: screen-reader-only labels (absolutely placed) stay inside the scroller on a phone.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={clsx('px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={clsx('px-4 py-3 align-top', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
