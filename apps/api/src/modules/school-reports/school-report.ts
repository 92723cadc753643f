// The school's report (docs/school.md#receipts-and-reports): per course or camp week its confirmed
// participants (by band for a camp), the sessions held, the attendance rate, what the ledger holds as
// received and still owed on its enrolments, and its coach; the same added up per coach; and its CSV.
import { centsToMoney, type QueryOf, SCHOOL_OFFER_LABELS, type api, type TCoachReportRow, type TSchoolReport, type TSchoolReportRow } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { Prisma } from '../../generated/prisma/client.js';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, instantInRome, toIsoDate } from '../../lib/time.js';
import { accounts, owedBy, settlementsOn } from '../ledger/index.js';

type ReportQuery = QueryOf<typeof api.schoolReports.report>;
type Tally = { participants: number; sessionsHeld: number; present: number; taken: number; receivedCents: number; outstandingCents: number };

const attendanceOf = (present: number, taken: number) => ({ present, taken, rate: taken > 0 ? Math.round((present / taken) * 1000) / 1000 : null });

export function createSchoolReport({ db }: Pick<AppDeps, 'db'>) {
  /** Each course's row and each coach's, with their money in cents. */
  async function compute(query: ReportQuery, now = new Date()) {
    const courses = await db.course.findMany({
      where: {
        publishedAt: { not: null },
        offer: query.offer,
        coachId: query.coach_id,
        ...(query.date_to ? { startsOn: { lte: fromIsoDate(query.date_to) } } : {}),
        ...(query.date_from ? { endsOn: { gte: fromIsoDate(query.date_from) } } : {}),
      },
      include: { coach: { select: { id: true, firstName: true, lastName: true } }, bands: { orderBy: { minAge: 'asc' } } },
      orderBy: [{ startsOn: 'asc' }, { name: 'asc' }, { id: 'asc' }],
    });
    const courseIds = courses.map((course) => course.id);
    // Sessions held: not cancelled, begun by now, within the range asked.
    const from = query.date_from ? instantInRome(query.date_from, '00:00') : new Date(0);
    const until = query.date_to ? new Date(Math.min(now.getTime(), instantInRome(addDays(query.date_to, 1), '00:00').getTime())) : now;
    const [enrolments, held, attendance] = await Promise.all([
      db.courseEnrolment.findMany({ where: { courseId: { in: courseIds } }, select: { id: true, courseId: true, kind: true, status: true, bandId: true } }),
      db.courseSession.groupBy({ by: ['courseId'], where: { courseId: { in: courseIds }, cancelledAt: null, startsAt: { gte: from, lt: until } }, _count: { _all: true } }),
      courseIds.length === 0
        ? []
        : db.$queryRaw<{ courseId: number; present: number; taken: number }[]>`
            SELECT s.course_id AS "courseId", count(*) FILTER (WHERE a.present)::int AS present, count(*)::int AS taken
            FROM course_attendances a JOIN course_sessions s ON s.id = a.session_id
            WHERE s.course_id IN (${Prisma.join(courseIds)}) AND s.cancelled_at IS NULL AND s.starts_at >= ${from} AND s.starts_at < ${until}
            GROUP BY s.course_id`,
    ]);
    // Money as the ledger holds it: what each enrolment still has paid, and what it still owes.
    const receivables = enrolments.map((enrolment) => accounts.enrolment(enrolment.id));
    const [settlements, owed] = await Promise.all([settlementsOn(db, receivables), owedBy(db, receivables)]);
    const receivedByKey = new Map<string, number>();
    for (const part of settlements.flatMap((settlement) => settlement.parts)) receivedByKey.set(part.receivable.account.key, (receivedByKey.get(part.receivable.account.key) ?? 0) + part.cents);

    const tallies = new Map<number, Tally>();
    const rows = courses.map((course): TSchoolReportRow => {
      const own = enrolments.filter((enrolment) => enrolment.courseId === course.id);
      const confirmed = own.filter((enrolment) => enrolment.status === 'confirmed');
      const places = confirmed.filter((enrolment) => enrolment.kind === 'course');
      const taken = attendance.find((row) => row.courseId === course.id) ?? { present: 0, taken: 0 };
      const keys = own.map((enrolment) => accounts.enrolment(enrolment.id).key);
      const tally: Tally = {
        participants: places.length,
        sessionsHeld: held.find((row) => row.courseId === course.id)?._count._all ?? 0,
        present: taken.present,
        taken: taken.taken,
        receivedCents: keys.reduce((sum, key) => sum + (receivedByKey.get(key) ?? 0), 0),
        outstandingCents: keys.reduce((sum, key) => sum + (owed.get(key) ?? 0), 0),
      };
      tallies.set(course.id, tally);
      return {
        course_id: course.id,
        name: course.name,
        offer: course.offer,
        starts_on: toIsoDate(course.startsOn),
        ends_on: toIsoDate(course.endsOn),
        coach: course.coach ? { id: course.coach.id, name: `${course.coach.firstName} ${course.coach.lastName}` } : null,
        participants: tally.participants,
        single_sessions: confirmed.length - places.length,
        bands: course.bands.map((band) => ({ min_age: band.minAge, max_age: band.maxAge, capacity: band.capacity, participants: places.filter((enrolment) => enrolment.bandId === band.id).length })),
        sessions_held: tally.sessionsHeld,
        attendance: attendanceOf(tally.present, tally.taken),
        received: centsToMoney(tally.receivedCents),
        outstanding: centsToMoney(tally.outstandingCents),
      };
    });

    const byCoach = new Map<number | null, { coach: TSchoolReportRow['coach']; courses: number } & Tally>();
    for (const row of rows) {
      const tally = tallies.get(row.course_id)!;
      const key = row.coach?.id ?? null;
      const sum = byCoach.get(key) ?? { coach: row.coach, courses: 0, participants: 0, sessionsHeld: 0, present: 0, taken: 0, receivedCents: 0, outstandingCents: 0 };
      byCoach.set(key, {
        coach: sum.coach,
        courses: sum.courses + 1,
        participants: sum.participants + tally.participants,
        sessionsHeld: sum.sessionsHeld + tally.sessionsHeld,
        present: sum.present + tally.present,
        taken: sum.taken + tally.taken,
        receivedCents: sum.receivedCents + tally.receivedCents,
        outstandingCents: sum.outstandingCents + tally.outstandingCents,
      });
    }
    const coaches = [...byCoach.values()]
      .map((sum): TCoachReportRow & { cents: Tally } => ({
        cents: sum,
        coach: sum.coach,
        courses: sum.courses,
        participants: sum.participants,
        sessions_held: sum.sessionsHeld,
        attendance: attendanceOf(sum.present, sum.taken),
        received: centsToMoney(sum.receivedCents),
        outstanding: centsToMoney(sum.outstandingCents),
      }))
      .sort((a, b) => (a.coach?.name ?? '~').localeCompare(b.coach?.name ?? '~', 'it'));
    return { courses: rows.map((row) => ({ ...row, cents: tallies.get(row.course_id)! })), coaches };
  }

  return {
    async report(query: ReportQuery): Promise<TSchoolReport> {
      const { courses, coaches } = await compute(query);
      return { courses: courses.map(({ cents: _cents, ...row }) => row), coaches: coaches.map(({ cents: _cents, ...row }) => row) };
    },

    /** The report as a spreadsheet: one row per course, then one total row per coach. */
    async csv(query: ReportQuery) {
      const { courses, coaches } = await compute(query);
      const rate = (attendance: { rate: number | null }) => (attendance.rate === null ? null : `${(attendance.rate * 100).toFixed(1).replace('.', ',')}%`);
      const courseRows = courses.map((row) => [
        row.name,
        SCHOOL_OFFER_LABELS[row.offer],
        formatItalianDate(row.starts_on),
        formatItalianDate(row.ends_on),
        row.coach?.name ?? null,
        String(row.participants),
        String(row.single_sessions),
        row.bands.map((band) => `${band.min_age}-${band.max_age} anni: ${band.participants}/${band.capacity}`).join(', ') || null,
        String(row.sessions_held),
        `${row.attendance.present}/${row.attendance.taken}`,
        rate(row.attendance),
        csvMoney(row.cents.receivedCents),
        csvMoney(row.cents.outstandingCents),
      ]);
      const coachRows = coaches.map((row) => [
        `Totale ${row.coach?.name ?? 'senza allenatore'}`,
        `${row.courses} corsi`,
        null,
        null,
        row.coach?.name ?? null,
        String(row.participants),
        null,
        null,
        String(row.sessions_held),
        `${row.attendance.present}/${row.attendance.taken}`,
        rate(row.attendance),
        csvMoney(row.cents.receivedCents),
        csvMoney(row.cents.outstandingCents),
      ]);
      return writeCsv(
        ['Corso', 'Tipo', 'Dal', 'Al', 'Allenatore', 'Partecipanti', 'Lezioni singole e prove', 'Fasce', 'Lezioni svolte', 'Presenti/rilevati', 'Tasso di presenza', 'Incassato', 'Da incassare'],
        [...courseRows, ...coachRows],
      );
    },
  };
}
