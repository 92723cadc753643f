// A paged back-office list read from the API: its rows with the pagination under them or, when the read
// failed and is not being tried again, the failure with "Riprova".
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryAlert } from '../ui/loaded';
import { PagedListPagination } from '../ui/pagination';
import { DataTable, type DataTableProps } from './data-table';

interface PagedList<Row> {
  data: Row[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** `read`'s page of rows in a DataTable (dimmed while a page loads); `summary` words the pagination. */
export function PagedTable<Row>({
  read,
  failed,
  onPageChange,
  summary,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'loading'> & { read: UseQueryResult<PagedList<Row>>; failed: ReactNode; onPageChange: (page: number) => void; summary: (from: number, to: number, total: number) => string }) {
  if (read.isError && !read.isFetching) return <RetryAlert onRetry={() => void read.refetch()}>{failed}</RetryAlert>;
  return (
    <div>
      <DataTable {...table} rows={read.data?.data ?? []} loading={read.isFetching} />
      <PagedListPagination paged={read.data} onPageChange={onPageChange} summary={summary} />
    </div>
  );
}
