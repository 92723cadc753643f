// The terms every part of the desk's bookings shares (docs/domain.md#desk-planner): its messages, the
// courts and days the desk may book, and a booking locked with its payments.
import type { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Court, CourtClosure, User } from '../../generated/prisma/client.js';
import type { Db, Prisma } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { inSeason, seasonOf, seasonOpening } from '../memberships/index.js';
import { readSettings } from '../settings/index.js';
import { SLOT_MESSAGES, whenOf } from './booking-terms.js';
import { lockBooking } from './booking-lock.js';

export type DeskDeps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>;

export type DeskCourt = Pick<Court, 'id' | 'code' | 'name' | 'row' | 'purpose' | 'hasLights' | 'isBookable'>;
export type DeskPerson = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>;

/**
 * What the desk shows of the courts, their closures, the people and the courses, read by the modules owning
 * those tables (their raw SQL names only their own): courts' courtsInOrder and closuresBetween, users'
 * contactsOf, check-ins' checkedInBookings, courses' coursesOfSessions. Handed in by services.ts, since those modules import this one.
 */
export interface DeskReads {
  /** Every court, by row and place within it. */
  courtsInOrder: (db: Db) => Promise<DeskCourt[]>;
  /** The closures of every court overlapping [from, to), by their start. */
  closuresBetween: (db: Db, from: Date, to: Date) => Promise<Pick<CourtClosure, 'id' | 'courtId' | 'startsAt' | 'endsAt' | 'reason' | 'courseSessionId'>[]>;
  /** id → the person, for those among `ids` that exist. */
  contactsOf: (db: Db, ids: number[]) => Promise<Map<number, DeskPerson>>;
  /** The bookings among `bookingIds` someone checked in for. */
  checkedInBookings: (db: Db, bookingIds: number[]) => Promise<Set<number>>;
  /** session id → its course's id. */
  coursesOfSessions: (db: Db, sessionIds: number[]) => Promise<Map<number, number>>;
}

export const ADMIN_BOOKING_MESSAGES = {
  ...SLOT_MESSAGES,
  notFound: 'Prenotazione non trovata.',
  created: 'Prenotazione registrata.',
  createdPaid: 'Prenotazione registrata e pagata.',
  createdLink: 'Prenotazione registrata: il link per pagare è stato inviato al socio.',
  userNotFound: 'Socio non trovato.',
  courtNotFound: 'Campo non trovato.',
  freeUse: 'I campi di libera utenza non si prenotano: sono liberi per tutti.',
  over: 'Quell’orario è già finito.',
  outOfSeason: (start: string, end: string) => `${seasonOpening({ start, end })}.`,
  priceAdminOnly: 'Solo un amministratore può cambiare il prezzo.',
  alreadyPaid: 'Questa prenotazione è già pagata.',
  notLive: 'Questa prenotazione è annullata o scaduta.',
  lessonNotMovable: 'È una lezione privata: per cambiarla, annullala e l’allenatore pubblica un altro orario.',
  paid: 'Pagamento registrato.',
  moved: 'Prenotazione spostata.',
  beyondMidnight: 'Le fasce scelte vanno oltre la mezzanotte.',
  cancelled: 'Prenotazione annullata.',
  cancelledRefunded: 'Prenotazione annullata e rimborsata.',
  cancelledRefundOnline: 'Prenotazione annullata: il rimborso online è in corso.',
  defaultReason: 'Annullata dalla segreteria',
  notRestorable: 'Solo una prenotazione annullata o scaduta si può ripristinare.',
  restoreTaken: 'L’orario nel frattempo è stato prenotato: la prenotazione non si può ripristinare.',
  restorePast: 'La prenotazione è già passata: non si può ripristinare.',
  restored: 'Prenotazione ripristinata.',
} as const;

export type Routes = typeof api.adminBookings;

/** A court the desk may book: any but the free-use ones ("libera utenza"), which nobody books. */
export async function courtOrFail(db: Db, courtId: number) {
  const court = await db.court.findUnique({ where: { id: courtId } });
  if (!court) throw new AppError(422, ADMIN_BOOKING_MESSAGES.courtNotFound, { court_id: [ADMIN_BOOKING_MESSAGES.courtNotFound] });
  if (court.purpose === 'free_use') throw new AppError(422, ADMIN_BOOKING_MESSAGES.freeUse, { court_id: [ADMIN_BOOKING_MESSAGES.freeUse] });
  return court;
}

export async function requireInSeason(db: Db, date: string) {
  const season = seasonOf(Number(date.slice(0, 4)), await readSettings(db));
  if (!inSeason(date, season)) throw new AppError(422, ADMIN_BOOKING_MESSAGES.outOfSeason(season.start, season.end));
}

/** Locks the booking's row for the rest of the transaction and reads it with its payments. */
export async function lockedWithPayments(tx: Prisma.TransactionClient, id: number) {
  await lockBooking(tx, id);
  const booking = await tx.booking.findUnique({ where: { id }, include: { court: true, user: true, transactions: { orderBy: { createdAt: 'desc' } } } });
  if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
  return booking;
}

export const describe = (booking: { court: { code: string }; startsAt: Date; endsAt: Date }) => `Prenotazione campo ${booking.court.code} · ${whenOf(booking)}`;
