// /admin, 'Dashboard Amministratore' (docs/screens.md#dashboard): stat cards and today's credit corrections
// for staff and admins; for admins only the books' verification (reconciliation), the backups, the income, expenses and
// net profit cards, the credit and unused carnets owed to members, the summary and the 6-month chart.
// Staff never call the admin-only stats.
import { moneyToCents, type TMembershipStats } from '@beach/contracts';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { RetryAlert } from '../../../components/ui/loaded';
import { Spinner } from '../../../components/ui/spinner';
import { formatCents, formatMoney, todayInRome } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useActiveCoupons, useMembershipStats, usePendingCards, useSixMonthTrend, useTodayBookings, useUsersTotal } from '../api/dashboard';
import { useCheckInsDay } from '../../../lib/check-ins';
import { TillCountCard } from '../../cash-book';
import { CreditCorrectionsCard } from '../components/credit-corrections-card';
import { BackupCard } from '../components/backup-card';
import { DashboardPanel, loadFailure } from '../components/dashboard-panel';
import { ReconciliationCard } from '../components/reconciliation-card';
import { StatCard } from '../components/stat-card';
import { chartErrorMessage, dashboardErrorMessage } from '../dashboard-errors';

const FinanceChart = lazy(() => import('../components/finance-chart'));

export default function DashboardPage() {
  usePageTitle('Dashboard Amministratore');
  const isAdmin = Boolean(useCurrentUser()?.is_admin);
  const today = todayInRome();
  const stats = useMembershipStats();
  const users = useUsersTotal();
  const coupons = useActiveCoupons();
  const pending = usePendingCards();
  const bookings = useTodayBookings(today);
  const checkIns = useCheckInsDay(today);
  const loads = [stats, users, coupons, pending, bookings, checkIns];
  const failed = loads.find((load) => load.isError);

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Dashboard Amministratore</h1>
        <p className="text-slate-600">{isAdmin ? 'Tesseramenti, prenotazioni e conti del centro' : 'Tesseramenti e prenotazioni del centro'}</p>
      </header>

      {failed && (
        <RetryAlert onRetry={() => loads.forEach((load) => load.isError && void load.refetch())}>
          {dashboardErrorMessage(failed.error)}
        </RetryAlert>
      )}

      {stats.isPending && !stats.isError ? (
        <Spinner label="Caricamento statistiche..." />
      ) : (
        <section aria-labelledby="activity-title" className="space-y-3">
          <h2 id="activity-title" className="text-lg font-semibold text-slate-800">Attività</h2>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <StatCard label="Utenti registrati" value={users.data} />
            <StatCard label="Tessere attive" value={stats.data?.active} note={stats.data ? `su ${stats.data.total} tessere` : undefined} />
            <StatCard label="Tessere da attivare" value={pending.data} />
            <StatCard label="Prenotazioni di oggi" value={bookings.data} />
            <StatCard label="Ingressi di oggi" value={checkIns.data?.counts.total} />
            <StatCard label="Coupon attivi" value={coupons.data} />
          </div>
        </section>
      )}

      {isAdmin && <ReconciliationCard />}
      {isAdmin && <BackupCard />}
      <TillCountCard />
      <CreditCorrectionsCard today={today} />

      {isAdmin && stats.data?.revenue && <FinancialSummary revenue={stats.data.revenue} liabilities={stats.data.liabilities} />}
      {isAdmin && <TrendSection today={today} />}
    </div>
  );
}

function FinancialSummary({ revenue, liabilities }: Pick<TMembershipStats, 'liabilities'> & { revenue: NonNullable<TMembershipStats['revenue']> }) {
  const net = moneyToCents(revenue.total_income) - moneyToCents(revenue.total_expenses);
  return (
    <section aria-labelledby="money-title" className="space-y-3">
      <div>
        <h2 id="money-title" className="text-lg font-semibold text-slate-800">Riepilogo finanziario</h2>
        <p className="text-sm text-slate-500">Dall’apertura, al netto dei rimborsi</p>
      </div>
      {/* One card a row on a phone: a seven-digit amount ("1.234.567,89 €") needs the full width. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Incassi tessere" value={formatMoney(revenue.membership_income)} />
        <StatCard label="Incassi prenotazioni" value={formatMoney(revenue.booking_income)} />
        <StatCard label="Incassi extra" value={formatMoney(revenue.extra_income)} />
        <StatCard label="Totale incassi" value={formatMoney(revenue.total_income)} />
        <StatCard label="Totale spese" value={formatMoney(revenue.total_expenses)} />
        <StatCard label="Utile netto" tone={net < 0 ? 'bad' : 'good'} value={`${formatCents(net)}${net < 0 ? ' (perdita)' : ''}`} />
        {/* Credit not yet spent (top-ups, corrections, rain credit): owed to the members in service, so neither income nor profit. */}
        <StatCard label="Credito dei soci (da usare)" value={liabilities ? formatMoney(liabilities.credit) : undefined} note="Ricariche, rettifiche e crediti per maltempo non ancora spesi" />
        {/* Carnets sold and still valid: their unused uses are owed too, earned as they pay bookings or expire. */}
        <StatCard label="Carnet non ancora usati" value={liabilities ? formatMoney(liabilities.carnets) : undefined} note="Ingressi venduti, non ancora usati" />
      </div>
    </section>
  );
}

function TrendSection({ today }: { today: string }) {
  const trend = useSixMonthTrend(today, true);
  return (
    <DashboardPanel id="trend-title" title="Incassi e spese degli ultimi 6 mesi" failure={loadFailure(trend, chartErrorMessage)} loading={!trend.data} loadingLabel="Caricamento grafico...">
      {trend.data && (
        <Suspense fallback={<Spinner label="Caricamento grafico..." />}>
          <FinanceChart months={trend.data} />
        </Suspense>
      )}
    </DashboardPanel>
  );
}
