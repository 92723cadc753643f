// The terms every part of the desk's check-in shares: its messages, a card's code read as a token or a
// number, the verdict on a card, and an entrance and its booking as the desk sees them.
import {
  type CHECK_IN_UNKNOWN_REASONS,
  CHECK_IN_VERDICT_LABELS,
  type COURT_ROWS,
  romeInstant,
  type TCheckIn,
  type TCheckInBooking,
  type TCheckInVerdict,
  type TMembershipVerification,
} from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { addDays, timeOf } from '../../lib/time.js';
import { holderOf, toVerificationDto, VERIFY_PATH } from '../memberships/index.js';

export type CourtRow = (typeof COURT_ROWS)[number];

export const CHECK_IN_MESSAGES = {
  recorded: (holder: string) => `Ingresso registrato: ${holder}`,
  alreadyRecorded: (time: string) => `Ingresso già registrato alle ${time}: non viene contato due volte.`,
  cardNotFound: 'Tessera non trovata.',
  notValid: (verdict: TCheckInVerdict) => `${CHECK_IN_VERDICT_LABELS[verdict]}: l’ingresso non si registra.`,
  bookingNotToday: 'Questa prenotazione non è del titolare della tessera per oggi.',
  rowRequired: 'Scegli la fila dei campi.',
  certificateNotConfirmed: (warning: string) => `${warning} Conferma per registrare comunque l’ingresso.`,
  instalmentOverdue: (overdue: { course: string; participant: string; dueOn: string; amountCents: number }[]) =>
    `Rata del corso non pagata: ${overdue.map((row) => `${row.course} (${row.participant}), ${formatEuros(row.amountCents)} scaduta il ${formatItalianDate(row.dueOn)}`).join('; ')}.`,
  schoolSession: (session: { startsAt: Date; course: { name: string; offer: 'course' | 'camp' } }) =>
    `${session.course.offer === 'camp' ? 'Centro estivo' : 'Corso'} ${session.course.name} alle ${timeOf(session.startsAt)}`,
} as const;

/** The public verification's status in the desk's words: a card not active (never activated, or withdrawn) is withdrawn. */
export const verdictOf = (status: TMembershipVerification['status']): TCheckInVerdict => (status === 'not_valid' ? 'withdrawn' : status);

/** A card number as printed: T, the year, a dash and five digits (typed in any case, with spaces around). */
const CARD_NUMBER = /^T\d{4}-\d{5}$/;

type CodeRead = { token: string } | { number: string } | { unknown: keyof typeof CHECK_IN_UNKNOWN_REASONS };

/**
 * What the camera read or the desk typed: the card's verification address on one of the app's
 * addresses gives its token; an address elsewhere is another site's QR; a card number is looked up as
 * such; anything else (a phone number, a product's QR, garbage) is not a card of the centre.
 */
export function readCode(code: string, origins: string[]): CodeRead {
  const upper = code.toUpperCase();
  if (CARD_NUMBER.test(upper)) return { number: upper };
  let address: URL;
  try {
    address = new URL(code);
  } catch {
    return { unknown: 'foreign' };
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') return { unknown: 'foreign' };
  if (!origins.includes(address.origin)) return { unknown: 'other_site' };
  const token = address.pathname.startsWith(VERIFY_PATH) ? address.pathname.slice(VERIFY_PATH.length) : '';
  return /^[A-Za-z0-9_-]+$/.test(token) ? { token } : { unknown: 'foreign' };
}

/**
 * The card a code names, with what the public verification shows of it on `today` and the desk's
 * verdict; or why the code names no card. The check-in's reading, shared with attendance by card.
 */
export async function readCard(client: Db | Prisma.TransactionClient, code: string, origins: string[], today: string) {
  const read = readCode(code, origins);
  if ('unknown' in read) return read;
  const membership = await client.membership.findUnique({
    where: 'token' in read ? { qrCode: read.token } : { membershipNumber: read.number },
    include: { user: { select: { firstName: true, lastName: true } } },
  });
  if (!membership) return { unknown: 'not_found' as const };
  const verification = toVerificationDto(membership, today);
  return { membership, verification, verdict: verdictOf(verification.status) };
}

const BOOKING_FIELDS = { id: true, startsAt: true, endsAt: true, court: { select: { id: true, code: true, name: true, row: true } } } as const;
type BookingRow = Prisma.BookingGetPayload<{ select: typeof BOOKING_FIELDS }>;

export const CHECK_IN_DETAILS = {
  membership: { select: { id: true, membershipNumber: true, type: true } },
  user: { select: { firstName: true, lastName: true } },
  staff: { select: { firstName: true, lastName: true } },
  booking: { select: BOOKING_FIELDS },
} as const;
type CheckInRow = Prisma.CheckInGetPayload<{ include: typeof CHECK_IN_DETAILS }>;

export const toBookingDto = (booking: BookingRow): TCheckInBooking => ({
  id: booking.id,
  court: { id: booking.court.id, code: booking.court.code, name: booking.court.name, row: booking.court.row as CourtRow | null },
  starts_at: booking.startsAt.toISOString(),
  ends_at: booking.endsAt.toISOString(),
  start: timeOf(booking.startsAt),
  end: timeOf(booking.endsAt, true),
});

export const toCheckInDto = (row: CheckInRow): TCheckIn => ({
  id: row.id,
  checked_in_at: row.checkedInAt.toISOString(),
  membership_id: row.membership?.id ?? null,
  membership_number: row.membership?.membershipNumber ?? null,
  type: row.membership?.type ?? null,
  holder: holderOf(row.user),
  court_row: row.courtRow as CourtRow,
  booking: row.booking ? toBookingDto(row.booking) : null,
  staff: `${row.staff.firstName} ${row.staff.lastName}`,
});

/** The Rome day [start, end) as instants. */
export const romeDay = (day: string) => ({ gte: new Date(romeInstant(day, '00:00')), lt: new Date(romeInstant(addDays(day, 1), '00:00')) });

/** The member's confirmed bookings that touch the Rome day. */
export const bookingsOfDay = (client: Db | Prisma.TransactionClient, userId: number, day: string, bookingId?: number) => {
  const { gte, lt } = romeDay(day);
  return client.booking.findMany({
    where: { userId, status: 'confirmed', startsAt: { lt }, endsAt: { gt: gte }, ...(bookingId === undefined ? {} : { id: bookingId }) },
    select: BOOKING_FIELDS,
    orderBy: { startsAt: 'asc' },
  });
};
