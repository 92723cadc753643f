// A card of the dashboard that loads on its own (the verification of the books, today's corrections, the
// 6-month chart): a bordered section named by its heading, with an action beside the heading if any; a
// failed load says why with "Riprova", a load under way shows a spinner, then the card's content.
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/ui/loaded';
import { Spinner } from '../../../components/ui/spinner';

interface DashboardPanelProps {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  /** Beside the heading (e.g. "Verifica ora"). */
  action?: ReactNode;
  /** Between the heading and the content (e.g. a refused action), whatever the load's state. */
  notice?: ReactNode;
  /** Why the load failed, with what "Riprova" does; null while it has not failed. */
  failure: { message: string; retry: () => void } | null;
  loading: boolean;
  loadingLabel: string;
  children?: ReactNode;
}

export function DashboardPanel({ id, title, action, notice, failure, loading, loadingLabel, children }: DashboardPanelProps) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-slate-800">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {notice}
      {failure ? (
        <RetryAlert onRetry={failure.retry}>
          {failure.message}
        </RetryAlert>
      ) : loading ? (
        <Spinner label={loadingLabel} />
      ) : (
        children
      )}
    </section>
  );
}

/** What a query's failure shows, with "Riprova" asking again. */
export const loadFailure = (query: { isError: boolean; error: unknown; refetch: () => unknown }, message: (error: unknown) => string) =>
  query.isError ? { message: message(query.error), retry: () => void query.refetch() } : null;
