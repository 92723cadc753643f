// The books' verification on the admin dashboard (docs/domain.md#reconciliation): the last verdict (the
// daily job's or the last one asked) — green when every check matches, a red alert naming each failing
// check with its details otherwise — and "Verifica ora" to run it at once. Admins only.
import { RECONCILIATION_CHECK_LABELS, type TReconciliation } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatTime } from '../../../lib/format';
import { useReconciliation, useRunReconciliation } from '../api/dashboard';
import { dashboardErrorMessage } from '../dashboard-errors';

export const RECONCILIATION_MESSAGES = {
  never: 'I conti non sono ancora stati verificati: la verifica automatica si fa ogni notte.',
  ok: (at: string) => `Conti verificati il ${formatDate(at)} alle ${formatTime(at)}: tutto corrisponde.`,
  failing: (at: string, count: number) => `Verifica dei conti del ${formatDate(at)} alle ${formatTime(at)}: ${count === 1 ? 'un controllo non corrisponde' : `${count} controlli non corrispondono`}.`,
  mismatches: (count: number) => (count === 1 ? '1 discrepanza' : `${count} discrepanze`),
  runFailed: 'La verifica dei conti non è riuscita. Riprova più tardi.',
} as const;

function Verdict({ verdict }: { verdict: TReconciliation }) {
  const failing = verdict.checks.filter((check) => !check.ok);
  if (verdict.ok && failing.length === 0) return <Alert tone="success">{RECONCILIATION_MESSAGES.ok(verdict.checked_at)}</Alert>;
  return (
    <Alert tone="error" title={RECONCILIATION_MESSAGES.failing(verdict.checked_at, failing.length)}>
      <ul className="mt-1 space-y-2 whitespace-normal" aria-label="Controlli non corrispondenti">
        {failing.map((check) => (
          <li key={check.name}>
            <p className="font-medium">
              {RECONCILIATION_CHECK_LABELS[check.name]} ({RECONCILIATION_MESSAGES.mismatches(check.mismatches)})
            </p>
            {check.details.length > 0 && (
              <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
                {check.details.map((detail, index) => (
                  <li key={index}>{detail}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function ReconciliationCard() {
  const last = useReconciliation();
  const run = useRunReconciliation();
  return (
    <section aria-labelledby="reconciliation-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-title" className="text-lg font-semibold text-slate-800">Verifica dei conti</h2>
        <Button variant="secondary" size="sm" onClick={() => run.mutate()} loading={run.isPending} loadingText="Verifica in corso...">
          Verifica ora
        </Button>
      </div>
      {run.isError && <Alert tone="error">{serverMessage(run.error) ?? RECONCILIATION_MESSAGES.runFailed}</Alert>}
      {last.isError ? (
        <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => void last.refetch()}>Riprova</Button>}>
          {dashboardErrorMessage(last.error)}
        </Alert>
      ) : last.isPending ? (
        <Spinner label="Caricamento della verifica dei conti..." />
      ) : last.data === null ? (
        <p className="text-sm text-slate-600">{RECONCILIATION_MESSAGES.never}</p>
      ) : (
        <Verdict verdict={last.data} />
      )}
    </section>
  );
}
