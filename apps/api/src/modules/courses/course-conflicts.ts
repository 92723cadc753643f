// What stands in the way of each generated session on the course's courts: live bookings and closures
// (another course's sessions, a rain check, maintenance). The course's own sessions are no conflict when
// it is edited. The preview shows these; saving skips the dates they hit, as a weekly series does.
import type { TCourseOccurrence } from '@beach/contracts';
import type { Prisma } from '../../lib/db.js';
import { timeOf } from '../../lib/time.js';
import { liveSql, touchingSql } from '../bookings/index.js';
import { type Schedule, type SessionSpan, sessionSpans } from './course-schedule.js';

export type Occurrence = SessionSpan & Pick<TCourseOccurrence, 'state' | 'conflicts'>;
type Hit = { court: string; startsAt: Date; endsAt: Date; what: string };

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && a.endsAt > b.startsAt;

/** Each session of the schedule on `courtIds`, free, past or with what it meets, read through `client`. */
export async function occurrencesOf(client: Prisma.TransactionClient, schedule: Schedule, courtIds: number[], courseId: number | null, now: Date): Promise<Occurrence[]> {
  const spans = sessionSpans(schedule);
  if (spans.length === 0) return [];
  const from = spans[0]!.startsAt;
  const to = spans[spans.length - 1]!.endsAt;
  const ownCourse = courseId ?? 0;
  const hits = await client.$queryRaw<Hit[]>`
    SELECT c.code AS court, b.starts_at AS "startsAt", b.ends_at AS "endsAt", 'prenotazione' AS what
    FROM (SELECT court_id, starts_at, ends_at FROM bookings WHERE court_id = ANY(${courtIds}::int[]) AND ${touchingSql(from, to)} AND ${liveSql(now)}) b
    JOIN courts c ON c.id = b.court_id
    UNION ALL
    SELECT c.code, cc.starts_at, cc.ends_at, cc.reason
    FROM court_closures cc JOIN courts c ON c.id = cc.court_id
    LEFT JOIN course_sessions s ON s.id = cc.course_session_id
    WHERE cc.court_id = ANY(${courtIds}::int[]) AND cc.starts_at < ${to} AND cc.ends_at > ${from} AND (s.course_id IS NULL OR s.course_id <> ${ownCourse})`;
  return spans.map((span) => {
    const conflicts = hits.filter((hit) => overlaps(hit, span)).map((hit) => `${hit.court}: ${hit.what} ${timeOf(hit.startsAt)}–${timeOf(hit.endsAt, true)}`);
    const state: TCourseOccurrence['state'] = span.startsAt <= now ? 'past' : conflicts.length > 0 ? 'conflict' : 'free';
    return { ...span, state, conflicts };
  });
}

export const occurrenceOnWire = ({ date, startsAt, endsAt, state, conflicts }: Occurrence): TCourseOccurrence => ({
  date,
  starts_at: startsAt.toISOString(),
  ends_at: endsAt.toISOString(),
  state,
  conflicts,
});
