// What more than one feature reads or changes, with the cache keys they share: the roots of data that
// other features' writes change (a feature's own key factory builds on its root, and a write elsewhere
// invalidates the root, docs/screens.md#features-and-their-public-faces), and calls several features make.
import type { TBooking, TRole } from '@beach/contracts';
import { api } from './api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from './api-client';

/** Cache roots shared by features: invalidating a root refreshes every query under it. */
export const queryRoots = {
  /** Money read by the finance screens and the dashboard: a change to expenses or income refreshes both. */
  finance: ['finance'],
  users: ['users'],
  adminMemberships: ['admin-memberships'],
  adminCourts: ['admin-courts'],
  /** The desk planner and booking lists: a check-in marks a booking present there. */
  adminBookings: ['admin-bookings'],
  /** The member's credit and the desk's view of it: a payment from credit, or a checkout abandoned, changes it. */
  credit: ['credit'],
  /** Split payment's players and shares: a change to a booking (paid, moved, cancelled) changes its shares too. */
  splitPayment: ['split-payment'],
} as const;

export const membershipKeys = {
  all: ['memberships'] as const,
  mine: ['memberships', 'mine'] as const,
  verification: (token: string) => ['memberships', 'verify', token] as const,
};

export const bookingKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  one: (id: number) => ['bookings', 'one', id] as const,
};

/** The member's cards, newest first. */
export const useMyMemberships = () => useQuery({ queryKey: membershipKeys.mine, queryFn: async () => (await callApi(api.memberships.mine)).data });

export const useBooking = (id: number | null) => useQuery({ queryKey: bookingKeys.one(id ?? 0), queryFn: () => callApi(api.bookings.show, { params: { id: id! } }), enabled: id !== null, staleTime: 0 });

/** "Aggiungi al calendario": the booking as an .ics file. */
export const downloadBookingIcs = (booking: Pick<TBooking, 'id' | 'court' | 'date'>) =>
  downloadFile(api.bookings.ics, { params: { id: booking.id } }, `prenotazione-${booking.court.code}-${booking.date}.ics`);

/** Whether payments go through the local test double. */
export const usePaymentsConfig = () =>
  useQuery({ queryKey: ['payments', 'config'], queryFn: () => callApi(api.payments.config), staleTime: Number.POSITIVE_INFINITY });

export const useAdminCourts = () => useQuery({ queryKey: queryRoots.adminCourts, queryFn: async () => (await callApi(api.adminCourts.list)).data });

/** A role shows in the users list and on every card of the member: both lists are asked afresh. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: TRole }) => callApi(api.users.changeRole, { params: { id }, body: { role } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.users }), queryClient.invalidateQueries({ queryKey: queryRoots.adminMemberships })]),
  });
}
