// A card read at the desk: the QR's verification address or the typed number, its verdict, the holder's
// bookings of the day, their last entrance and their medical certificate.
import { CERTIFICATE_STATE_LABELS, CHECK_IN_PENDING_REASONS, CHECK_IN_SESSION_SOON_MINUTES, CHECK_IN_UNKNOWN_REASONS, type TCheckInLookup } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { todayInRome } from '../../lib/time.js';
import { webOrigins } from '../../lib/web-origin.js';
import { certificateStatus, warningFor } from '../certificates/index.js';
import { liveEnrolmentWhere, overdueInstalmentsOf } from '../enrolments/index.js';
import { readSettings } from '../settings/index.js';
import { bookingsOfDay, CHECK_IN_MESSAGES, readCard, romeDay, toBookingDto } from './check-in-terms.js';

/**
 * The holder's next school session starting soon or in progress, with a place of their own in it (a
 * child's place is not on the parent's card): as the coach's page counts participants, a whole-course
 * place in the sessions starting after it was made, a lesson's or trial's in its own session.
 */
async function schoolSessionSoon(db: AppDeps['db'], userId: number, now: Date) {
  const places = await db.courseEnrolment.findMany({ where: { userId, childId: null, AND: [liveEnrolmentWhere(now)] }, select: { courseId: true, sessionId: true, createdAt: true } });
  if (places.length === 0) return null;
  return db.courseSession.findFirst({
    where: {
      cancelledAt: null,
      startsAt: { lte: new Date(now.getTime() + CHECK_IN_SESSION_SOON_MINUTES * 60_000) },
      endsAt: { gt: now },
      OR: places.map((place) => (place.sessionId === null ? { courseId: place.courseId, startsAt: { gt: place.createdAt } } : { id: place.sessionId })),
    },
    select: { startsAt: true, course: { select: { name: true, offer: true } } },
    orderBy: { startsAt: 'asc' },
  });
}

export function createCheckInLookup({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
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
      const today = todayInRome();
      const read = await readCard(db, code, origins, today);
      if ('unknown' in read) return unknown(read.unknown);
      const { membership, verification, verdict } = read;
      const [bookings, last, certificate, settings, overdue, session] = await Promise.all([
        bookingsOfDay(db, membership.userId, today),
        db.checkIn.findFirst({ where: { membershipId: membership.id, checkedInAt: romeDay(today) }, orderBy: { checkedInAt: 'desc' }, select: { checkedInAt: true } }),
        certificateStatus(db, membership.userId, today),
        readSettings(db),
        overdueInstalmentsOf(db, membership.userId, today),
        schoolSessionSoon(db, membership.userId, new Date()),
      ]);
      const warning = warningFor(settings.requireValidCertificate, certificate.state);
      const { status: _status, ...shown } = verification;
      return {
        verdict,
        reason: membership.status === 'pending' ? CHECK_IN_PENDING_REASONS[membership.priceCents > 0 ? 'unpaid' : 'free'] : null,
        card: { membership_id: membership.id, ...shown },
        bookings_today: bookings.map(toBookingDto),
        last_check_in_at: last?.checkedInAt.toISOString() ?? null,
        medical_certificate: { state: certificate.state, label: CERTIFICATE_STATE_LABELS[certificate.state], warning: warning ?? null },
        instalment_warning: overdue.length > 0 ? CHECK_IN_MESSAGES.instalmentOverdue(overdue) : null,
        school_session: session ? CHECK_IN_MESSAGES.schoolSession(session) : null,
      };
    },
  };
}
