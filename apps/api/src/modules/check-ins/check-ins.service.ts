// Check-in at the desk: reading a card (the QR's verification address or the typed number), recording
// the member's entrance once, and the day's entrances with their counts.
import {
  CHECK_IN_PENDING_REASONS,
  CHECK_IN_REPEAT_MINUTES,
  CHECK_IN_UNKNOWN_REASONS,
  CHECK_IN_VERDICT_LABELS,
  COURT_ROWS,
  romeInstant,
  type TCheckIn,
  type TCheckInBooking,
  type TCheckInLookup,
  type TCheckInsDay,
  type TCheckInVerdict,
  type TMembershipVerification,
  type TMyDataExport,
  type api,
  type BodyOf,
  CERTIFICATE_STATE_LABELS,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS, type Db } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { addDays, timeOf, todayInRome } from '../../lib/time.js';
import { webOrigins } from '../../lib/web-origin.js';
import { certificateStatus, certificateWarning, warningFor } from '../certificates/index.js';
import { readSettings } from '../settings/index.js';
import { holderOf, toVerificationDto, VERIFY_PATH } from '../memberships/index.js';

type CheckInBody = BodyOf<typeof api.checkIns.create>;
type CourtRow = (typeof COURT_ROWS)[number];

export const CHECK_IN_MESSAGES = {
  recorded: (holder: string) => `Ingresso registrato: ${holder}`,
  alreadyRecorded: (time: string) => `Ingresso già registrato alle ${time}: non viene contato due volte.`,
  cardNotFound: 'Tessera non trovata.',
  notValid: (verdict: TCheckInVerdict) => `${CHECK_IN_VERDICT_LABELS[verdict]}: l’ingresso non si registra.`,
  bookingNotToday: 'Questa prenotazione non è del titolare della tessera per oggi.',
  rowRequired: 'Scegli la fila dei campi.',
  certificateNotConfirmed: (warning: string) => `${warning} Conferma per registrare comunque l’ingresso.`,
} as const;

/** The public verification's status in the desk's words: a card not active (never activated, or withdrawn) is withdrawn. */
const verdictOf = (status: TMembershipVerification['status']): TCheckInVerdict => (status === 'not_valid' ? 'withdrawn' : status);

/** A card number as printed: T, the year, a dash and five digits (typed in any case, with spaces around). */
const CARD_NUMBER = /^T\d{4}-\d{5}$/;

type CodeRead = { token: string } | { number: string } | { unknown: keyof typeof CHECK_IN_UNKNOWN_REASONS };

/**
 * What the camera read or the desk typed: the card's verification address on one of the app's
 * addresses gives its token; an address elsewhere is another site's QR; a card number is looked up as
 * such; anything else (a phone number, a product's QR, garbage) is not a card of the centre.
 */
function readCode(code: string, origins: string[]): CodeRead {
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

const BOOKING_FIELDS = { id: true, startsAt: true, endsAt: true, court: { select: { id: true, code: true, name: true, row: true } } } as const;
type BookingRow = Prisma.BookingGetPayload<{ select: typeof BOOKING_FIELDS }>;

const CHECK_IN_DETAILS = {
  membership: { select: { id: true, membershipNumber: true, type: true } },
  user: { select: { firstName: true, lastName: true } },
  staff: { select: { firstName: true, lastName: true } },
  booking: { select: BOOKING_FIELDS },
} as const;
type CheckInRow = Prisma.CheckInGetPayload<{ include: typeof CHECK_IN_DETAILS }>;

const toBookingDto = (booking: BookingRow): TCheckInBooking => ({
  id: booking.id,
  court: { id: booking.court.id, code: booking.court.code, name: booking.court.name, row: booking.court.row as CourtRow | null },
  starts_at: booking.startsAt.toISOString(),
  ends_at: booking.endsAt.toISOString(),
  start: timeOf(booking.startsAt),
  end: timeOf(booking.endsAt, true),
});

const toCheckInDto = (row: CheckInRow): TCheckIn => ({
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
const romeDay = (day: string) => ({ gte: new Date(romeInstant(day, '00:00')), lt: new Date(romeInstant(addDays(day, 1), '00:00')) });

/** The member's confirmed bookings that touch the Rome day. */
const bookingsOfDay = (client: Db | Prisma.TransactionClient, userId: number, day: string, bookingId?: number) => {
  const { gte, lt } = romeDay(day);
  return client.booking.findMany({
    where: { userId, status: 'confirmed', startsAt: { lt }, endsAt: { gt: gte }, ...(bookingId === undefined ? {} : { id: bookingId }) },
    select: BOOKING_FIELDS,
    orderBy: { startsAt: 'asc' },
  });
};

/** A member's own entrances, for their data export. */
export async function checkInsOfMember(db: Db, userId: number): Promise<TMyDataExport['check_ins']> {
  const rows = await db.checkIn.findMany({ where: { userId }, include: { membership: { select: { membershipNumber: true } } }, orderBy: { checkedInAt: 'asc' } });
  return rows.map((row) => ({ checked_in_at: row.checkedInAt.toISOString(), membership_number: row.membership?.membershipNumber ?? null, court_row: row.courtRow, booking_id: row.bookingId }));
}

export function createCheckInsService({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const origins = webOrigins(config);
  const unknown = (reason: keyof typeof CHECK_IN_UNKNOWN_REASONS): TCheckInLookup => ({
    verdict: 'unknown',
    reason: CHECK_IN_UNKNOWN_REASONS[reason],
    card: null,
    bookings_today: [],
    last_check_in_at: null,
  });

  return {
    /** Never fails on a bad code: anything that names no card answers "Tessera sconosciuta" and why. */
    async lookup(code: string): Promise<TCheckInLookup> {
      const read = readCode(code, origins);
      if ('unknown' in read) return unknown(read.unknown);
      const membership = await db.membership.findUnique({
        where: 'token' in read ? { qrCode: read.token } : { membershipNumber: read.number },
        include: { user: { select: { firstName: true, lastName: true } } },
      });
      if (!membership) return unknown('not_found');
      const today = todayInRome();
      const card = toVerificationDto(membership, today);
      const [bookings, last, certificate, settings] = await Promise.all([
        bookingsOfDay(db, membership.userId, today),
        db.checkIn.findFirst({ where: { membershipId: membership.id, checkedInAt: romeDay(today) }, orderBy: { checkedInAt: 'desc' }, select: { checkedInAt: true } }),
        certificateStatus(db, membership.userId, today),
        readSettings(db),
      ]);
      const warning = warningFor(settings.requireValidCertificate, certificate.state);
      const { status, ...shown } = card;
      return {
        verdict: verdictOf(status),
        reason: membership.status === 'pending' ? CHECK_IN_PENDING_REASONS[membership.priceCents > 0 ? 'unpaid' : 'free'] : null,
        card: { membership_id: membership.id, ...shown },
        bookings_today: bookings.map(toBookingDto),
        last_check_in_at: last?.checkedInAt.toISOString() ?? null,
        medical_certificate: { state: certificate.state, label: CERTIFICATE_STATE_LABELS[certificate.state], warning: warning ?? null },
      };
    },

    /**
     * Records a valid card's entrance. The card's row is locked for the transaction, so of simultaneous
     * scans one records and the others find it: the same card within CHECK_IN_REPEAT_MINUTES answers 409
     * with the time already recorded.
     */
    async create(body: CheckInBody, staff: User) {
      return db.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM memberships WHERE id = ${body.membership_id} FOR UPDATE`;
        if (locked.length === 0) throw notFound(CHECK_IN_MESSAGES.cardNotFound);
        const membership = await tx.membership.findUniqueOrThrow({ where: { id: body.membership_id }, include: { user: { select: { firstName: true, lastName: true } } } });
        const today = todayInRome();
        const verdict = verdictOf(toVerificationDto(membership, today).status);
        if (verdict !== 'valid') throw new AppError(409, CHECK_IN_MESSAGES.notValid(verdict));

        const [recent] = await tx.$queryRaw<{ checked_in_at: Date }[]>`
          SELECT checked_in_at FROM check_ins
          WHERE membership_id = ${membership.id} AND checked_in_at > now() - make_interval(mins => ${CHECK_IN_REPEAT_MINUTES})
          ORDER BY checked_in_at DESC LIMIT 1`;
        if (recent) throw new AppError(409, CHECK_IN_MESSAGES.alreadyRecorded(timeOf(recent.checked_in_at)));
        // While a valid certificate is required, a holder without one enters only when the desk confirms it.
        const warning = body.without_valid_certificate ? undefined : await certificateWarning(tx, membership.userId, today);
        if (warning) throw new AppError(409, CHECK_IN_MESSAGES.certificateNotConfirmed(warning));

        let courtRow = body.court_row;
        if (body.booking_id !== null) {
          const [booking] = await bookingsOfDay(tx, membership.userId, today, body.booking_id);
          if (!booking) throw invalid({ booking_id: [CHECK_IN_MESSAGES.bookingNotToday] });
          courtRow = (booking.court.row as CourtRow | null) ?? courtRow;
        }
        if (!courtRow) throw invalid({ court_row: [CHECK_IN_MESSAGES.rowRequired] });

        const checkIn = await tx.checkIn.create({
          data: { membershipId: membership.id, userId: membership.userId, staffId: staff.id, bookingId: body.booking_id, courtRow },
          include: CHECK_IN_DETAILS,
        });
        return { message: CHECK_IN_MESSAGES.recorded(holderOf(membership.user)), check_in: toCheckInDto(checkIn) };
      }, TRANSACTION_OPTIONS);
    },

    /** The Rome day's entrances, latest first, with their counts. */
    async day(date: string | undefined): Promise<TCheckInsDay> {
      const day = date ?? todayInRome();
      const rows = await db.checkIn.findMany({ where: { checkedInAt: romeDay(day) }, include: CHECK_IN_DETAILS, orderBy: [{ checkedInAt: 'desc' }, { id: 'desc' }] });
      const byRow = Object.fromEntries(COURT_ROWS.map((row) => [row, 0])) as Record<CourtRow, number>;
      for (const row of rows) byRow[row.courtRow as CourtRow] += 1;
      const withBooking = rows.filter((row) => row.bookingId !== null).length;
      return {
        date: day,
        data: rows.map(toCheckInDto),
        counts: { total: rows.length, with_booking: withBooking, walk_in: rows.length - withBooking, by_row: byRow },
      };
    },
  };
}
export type CheckInsService = ReturnType<typeof createCheckInsService>;
