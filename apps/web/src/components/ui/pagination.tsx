import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';

/**
 * Previous/next with the range shown ("Mostra 1 - 15 di 230 tessere") and "page of pages".
 * `summary` receives the first and last item numbers and the total, so each screen keeps its wording.
 */
export function Pagination({ page, lastPage, perPage, total, onPageChange, summary }: { page: number; lastPage: number; perPage: number; total: number; onPageChange: (page: number) => void; summary: (from: number, to: number, total: number) => string }) {
  const { t } = useLingui();
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const pages = Math.max(lastPage, 1);
  const to = Math.min(page * perPage, total);
  return (
    <nav aria-label={t`Paginazione`} className="flex flex-col items-center justify-between gap-3 py-3 text-sm text-slate-600 sm:flex-row">
      <p>{summary(from, to, total)}</p>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <Trans>Precedente</Trans>
        </Button>
        <span aria-current="page">
          <Trans>
            Pagina {page} di {pages}
          </Trans>
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= lastPage}>
          <Trans>Successiva</Trans>
        </Button>
      </div>
    </nav>
  );
}

/** The pagination of a paged list from the API, once it has a row. */
export function PagedListPagination({ paged, onPageChange, summary }: { paged: { current_page: number; last_page: number; per_page: number; total: number } | undefined; onPageChange: (page: number) => void; summary: (from: number, to: number, total: number) => string }) {
  if (!paged || paged.total === 0) return null;
  return <Pagination page={paged.current_page} lastPage={paged.last_page} perPage={paged.per_page} total={paged.total} onPageChange={onPageChange} summary={summary} />;
}
