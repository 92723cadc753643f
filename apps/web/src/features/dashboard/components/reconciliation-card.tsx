// The books' verification on the admin dashboard (docs/domain.md#reconciliation): the last verdict (the
// daily job's or the last one asked) — green when every check matches, in red naming each failing check
// with its details otherwise (a standing state, said politely, not an alert on every visit; for Stripe, the
// first balance transaction the books do not match, what Stripe says and what they say) — and "Verifica ora"
// to run it at once. Admins only.
import { RECONCILIATION_CHECK_LABELS, STRIPE_CLEARING_CATEGORY_LABELS, type TReconciliation, type TReconciliationStripeMismatch } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-errors';
import { formatCents, formatDate, formatTime } from '../../../lib/format';
import { useReconciliation, useRunReconciliation } from '../api/dashboard';
import { dashboardErrorMessage } from '../dashboard-errors';
import { DashboardPanel, loadFailure } from './dashboard-panel';

const RECONCILIATION_MESSAGES = {
  never: 'I conti non sono ancora stati verificati: la verifica automatica si fa ogni notte.',
  ok: (at: string) => `Conti verificati il ${formatDate(at)} alle ${formatTime(at)}: tutto corrisponde.`,
  failing: (at: string, count: number) => `Verifica dei conti del ${formatDate(at)} alle ${formatTime(at)}: ${count === 1 ? 'un controllo non corrisponde' : `${count} controlli non corrispondono`}.`,
  mismatches: (count: number) => (count === 1 ? '1 discrepanza' : `${count} discrepanze`),
  runFailed: 'La verifica dei conti non è riuscita. Riprova più tardi.',
  firstStripeMismatch: 'Primo movimento Stripe non corrispondente',
} as const;

function FirstStripeMismatch({ mismatch }: { mismatch: TReconciliationStripeMismatch }) {
  const said: [string, string][] = [
    ['Movimento', mismatch.balance_transaction],
    ['Per il', `${STRIPE_CLEARING_CATEGORY_LABELS[mismatch.category]} ${mismatch.source}`],
    ['Stripe', formatCents(mismatch.stripe_cents)],
    ['Nei conti', formatCents(mismatch.ledger_cents)],
  ];
  return (
    <div role="group" aria-label={RECONCILIATION_MESSAGES.firstStripeMismatch} className="mt-2">
      <p className="font-medium">{RECONCILIATION_MESSAGES.firstStripeMismatch}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 break-all">
        {said.map(([term, value]) => (
          <div key={term} className="contents">
            <dt>{term}</dt>
            <dd className="font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Verdict({ verdict }: { verdict: TReconciliation }) {
  const failing = verdict.checks.filter((check) => !check.ok);
  if (failing.length === 0) return <Alert tone="success">{RECONCILIATION_MESSAGES.ok(verdict.checked_at)}</Alert>;
  return (
    <Alert tone="error" standing title={RECONCILIATION_MESSAGES.failing(verdict.checked_at, failing.length)}>
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
            {check.first_mismatch && <FirstStripeMismatch mismatch={check.first_mismatch} />}
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
    <DashboardPanel
      id="reconciliation-title"
      title="Verifica dei conti"
      action={
        <Button variant="secondary" size="sm" onClick={() => run.mutate()} loading={run.isPending} loadingText="Verifica in corso...">
          Verifica ora
        </Button>
      }
      notice={run.isError && <Alert tone="error">{serverMessage(run.error) ?? RECONCILIATION_MESSAGES.runFailed}</Alert>}
      failure={loadFailure(last, dashboardErrorMessage)}
      loading={last.isPending}
      loadingLabel="Caricamento della verifica dei conti..."
    >
      {last.data === null ? <p className="text-sm text-slate-600">{RECONCILIATION_MESSAGES.never}</p> : last.data && <Verdict verdict={last.data} />}
    </DashboardPanel>
  );
}
