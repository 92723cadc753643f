// What stands in the way of each generated session on the course's courts: live bookings and closures
// (another course's sessions, a rain check, maintenance). The course's own sessions are no conflict when
// it is edited. The preview shows these; saving skips the dates they hit, as a weekly series does. A
// lesson ending after dark on a court without lights is only warned about (docs/school.md#sessions).
import type { TCourseOccurrence } from '@beach/contracts';
import { unlitCourtDarkFrom } from '../../lib/daylight.js';
import type { Prisma } from '../../lib/db.js';
import { invalid } from '../../lib/errors.js';
import { timeOf } from '../../lib/time.js';
import { liveSql, touchingSql } from '../bookings/index.js';
import { type Schedule, type SessionSpan, sessionSpans } from './course-schedule.js';
import { COURSE_MESSAGES } from './course-view.js';

export type Occurrence = SessionSpan & Pick<TCourseOccurrence, 'state' | 'conflicts' | 'warnings'>;
type Hit = { court: string; startsAt: Date; endsAt: Date; what: string };

/** The warning of a lesson still to come that ends after an unlit court of the course goes dark. */
function darkWarnings(span: SessionSpan, unlitCodes: string[]): string[] {
  if (unlitCodes.length === 0) return [];
  const dark = unlitCourtDarkFrom(span.date);
  return span.endsAt > dark.at ? [COURSE_MESSAGES.afterDark(unlitCodes, dark.by, timeOf(dark.at))] : [];
}

/** Dates that are all behind us are a wrong first day, said under it (422), not a preview of "Passata" only. */
export function refuseAllPast(occurrences: Occurrence[]) {
  if (occurrences.length > 0 && occurrences.every((occurrence) => occurrence.state === 'past')) throw invalid({ starts_on: [COURSE_MESSAGES.allPast] }, COURSE_MESSAGES.allPast);
}

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && a.endsAt > b.startsAt;

/** Each session of the schedule on `courtIds`, free, past or with what it meets, read through `client`. */
export async function occurrencesOf(client: Prisma.TransactionClient, schedule: Schedule, courtIds: number[], courseId: number | null, now: Date): Promise<Occurrence[]> {
  const spans = sessionSpans(schedule);
  if (spans.length === 0) return [];
  const from = spans[0]!.startsAt;
  const to = spans[spans.length - 1]!.endsAt;
  const ownCourse = courseId ?? 0;
  const unlit = await client.court.findMany({ where: { id: { in: courtIds }, hasLights: false }, select: { code: true }, orderBy: { id: 'asc' } });
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
    return { ...span, state, conflicts, warnings: state === 'past' ? [] : darkWarnings(span, unlit.map((court) => court.code)) };
  });
}

export const occurrenceOnWire = ({ date, startsAt, endsAt, state, conflicts, warnings }: Occurrence): TCourseOccurrence => ({
  date,
  starts_at: startsAt.toISOString(),
  ends_at: endsAt.toISOString(),
  state,
  conflicts,
  warnings,
});
