// The dashboard's calls (docs/screens.md#dashboard): the memberships stats, the users total
// (per_page=1), the active coupons (is_active=true), and for admins the income and expense stats of
// the last six months (date_from/date_to), the books' last verification (run again on demand) and the
// backups' state; also the cards to activate and today's bookings. The day's credit corrections are read through
// features/credit (a correction on the member's page refreshes them).
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { LONG_WORK_TIMEOUT_MS } from '../../../lib/api-transport';
import { queryRoots } from '../../../lib/shared-queries';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  membershipStats: ['dashboard', 'membership-stats'] as const,
  users: ['dashboard', 'users'] as const,
  coupons: ['dashboard', 'coupons'] as const,
  pendingCards: ['dashboard', 'pending-cards'] as const,
  todayBookings: (day: string) => ['dashboard', 'today-bookings', day] as const,
  reconciliation: ['dashboard', 'reconciliation'] as const,
  backups: ['dashboard', 'backups'] as const,
};

export const useMembershipStats = () => useQuery({ queryKey: dashboardKeys.membershipStats, queryFn: () => callApi(api.adminMemberships.stats), staleTime: 0 });
export const useUsersTotal = () => useQuery({ queryKey: dashboardKeys.users, queryFn: async () => (await callApi(api.users.list, { query: { per_page: 1 } })).total, staleTime: 0 });
export const useActiveCoupons = () =>
  useQuery({ queryKey: dashboardKeys.coupons, queryFn: async () => (await callApi(api.coupons.list, { query: { is_active: 'true' } })).total, staleTime: 0 });
export const usePendingCards = () =>
  useQuery({ queryKey: dashboardKeys.pendingCards, queryFn: async () => (await callApi(api.adminMemberships.list, { query: { status: 'pending', per_page: 1 } })).total, staleTime: 0 });
export const useTodayBookings = (day: string) =>
  useQuery({
    queryKey: dashboardKeys.todayBookings(day),
    queryFn: async () => (await callApi(api.adminBookings.list, { query: { date_from: day, date_to: day, status: 'confirmed', per_page: 1 } })).total,
    staleTime: 0,
  });

/**
 * The chart covers the last 6 months, this one included, each month whole — from the first
 * day of the month five months back to the last day of this month (Rome calendar).
 */
export function sixMonthRange(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { date_from: day(new Date(Date.UTC(year, month - 6, 1))), date_to: day(new Date(Date.UTC(year, month, 0))) };
}

export interface MonthPoint {
  year: number;
  month: number;
  /** Euros (the chart's scale); computed from the API's cents-exact strings. */
  income: number;
  expenses: number;
}

/** Income and expenses by month, for admins only (staff never call these admin routes). */
export const useSixMonthTrend = (today: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryRoots.finance, 'trend', today],
    queryFn: async (): Promise<MonthPoint[]> => {
      const query = sixMonthRange(today);
      const [income, expenses] = await Promise.all([callApi(api.incomes.stats, { query }), callApi(api.expenses.stats, { query })]);
      return income.by_month.map((month, index) => ({ year: month.year, month: month.month, income: Number(month.total), expenses: Number(expenses.monthly_trend[index]?.total ?? 0) }));
    },
    enabled,
    staleTime: 0,
  });

/** The last verification of the books (the daily job's or the last one asked); null when never run. Admins only. */
export const useReconciliation = () => useQuery({ queryKey: dashboardKeys.reconciliation, queryFn: () => callApi(api.reconciliation.last), staleTime: 0 });

/** "Verifica ora": the books are checked at once and the verdict replaces the last one. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.reconciliation.run, {}, { timeoutMs: LONG_WORK_TIMEOUT_MS }),
    onSuccess: (verdict) => queryClient.setQueryData(dashboardKeys.reconciliation, verdict),
  });
}

/** The last backup made and whether it is recent, stale or the last run failed. Admins only. */
export const useBackupStatus = () => useQuery({ queryKey: dashboardKeys.backups, queryFn: () => callApi(api.backups.status), staleTime: 0 });
