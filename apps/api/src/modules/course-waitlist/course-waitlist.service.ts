// The fair waiting list (docs/school.md#waiting-list): joining a full course (or a camp's full age band),
// one's entries with their position, accepting an offered place (an enrolment into the place the offer
// holds) or withdrawing, the staff's list of a course, and the minute job that lapses offers past their
// hold and passes their place on. Every write locks the course's row first, as enrolling does, so an
// accept and the offer's expiry meet one after the other and exactly one of them wins.
import { ageOn, type api, type BodyOf, defineMessages, type TAdminWaitlistEntry, type TWaitlistEntry } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { CourseBand, CourseWaitlistEntry, User } from '../../generated/prisma/client.js';
import { isUniqueViolation, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { busiestSessionCount, ENROLMENT_MESSAGES, type EnrolmentsService, liveEnrolmentWhere, participantName } from '../enrolments/index.js';
import { lockCourse, type PlaceHandOff } from './place-hand-off.js';

export const WAITLIST_MESSAGES = defineMessages({
  placesLeft: /* i18n */ { id: 'api.course_waitlist.places_left', message: 'Ci sono ancora posti: iscriviti.' },
  alreadyWaiting: /* i18n */ { id: 'api.course_waitlist.already_waiting', message: 'Questa persona è già in lista d’attesa per questo corso.' },
  noBand: /* i18n */ { id: 'api.course_waitlist.no_band', message: 'Nessuna fascia d’età di questo centro estivo comprende questa persona alla prima giornata.' },
  notFound: /* i18n */ { id: 'api.course_waitlist.not_found', message: 'Non risulta in lista d’attesa.' },
  notOffered: /* i18n */ { id: 'api.course_waitlist.not_offered', message: 'Non c’è un posto offerto da accettare.' },
  offerLapsed: /* i18n */ { id: 'api.course_waitlist.offer_lapsed', message: 'Il tempo per accettare il posto è scaduto: è passato al prossimo in lista.' },
  bandChanged: /* i18n */ { id: 'api.course_waitlist.band_changed', message: 'Con la data di nascita di oggi la fascia d’età non è più quella per cui il posto è tenuto: chiedi in segreteria.' },
  notLive: /* i18n */ { id: 'api.course_waitlist.not_live', message: 'Questa richiesta non è più in lista d’attesa.' },
  joined: /* i18n */ { id: 'api.course_waitlist.joined', message: 'Sei in lista d’attesa: se si libera un posto ti scriviamo.' },
  withdrawn: /* i18n */ { id: 'api.course_waitlist.withdrawn', message: 'Uscito/a dalla lista d’attesa.' },
});

const ENTRY_INCLUDE = {
  course: { select: { id: true, name: true, titleDe: true, titleEn: true } },
  child: { select: { firstName: true, lastName: true } },
  user: { select: { id: true, firstName: true, lastName: true, email: true } },
  band: true,
} as const;
type JoinBody = BodyOf<typeof api.courseWaitlist.join>;
type EntryRow = Prisma.CourseWaitlistEntryGetPayload<{ include: typeof ENTRY_INCLUDE }>;

/** The place in the queue of each waiting entry: 1 for the first of its course (and band), by arrival. */
async function positionsOf(db: Prisma.TransactionClient, rows: CourseWaitlistEntry[]): Promise<Map<number, number>> {
  const waiting = await db.courseWaitlistEntry.findMany({
    where: { courseId: { in: [...new Set(rows.map((row) => row.courseId))] }, status: 'waiting' },
    select: { id: true, courseId: true, bandId: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const ahead = new Map<string, number>();
  const positions = new Map<number, number>();
  for (const row of waiting) {
    const queue = `${row.courseId}:${row.bandId ?? ''}`;
    const position = (ahead.get(queue) ?? 0) + 1;
    ahead.set(queue, position);
    positions.set(row.id, position);
  }
  return positions;
}

const bandDto = (band: CourseBand | null) => (band ? { id: band.id, min_age: band.minAge, max_age: band.maxAge } : null);

function toEntryDto(row: EntryRow, positions: Map<number, number>): TWaitlistEntry {
  return {
    id: row.id,
    course: { id: row.course.id, name: row.course.name, title_de: row.course.titleDe, title_en: row.course.titleEn },
    participant: { child_id: row.childId, name: participantName(row) },
    band: bandDto(row.band),
    status: row.status,
    position: positions.get(row.id) ?? null,
    offer_expires_at: row.offerExpiresAt?.toISOString() ?? null,
    enrolment_id: row.enrolmentId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createCourseWaitlistService({ db }: Pick<AppDeps, 'db'>, enrol: EnrolmentsService['enrol'], handOff: PlaceHandOff) {
  async function listOf(where: Prisma.CourseWaitlistEntryWhereInput, orderBy: Prisma.CourseWaitlistEntryOrderByWithRelationInput[]) {
    const rows = await db.courseWaitlistEntry.findMany({ where, include: ENTRY_INCLUDE, orderBy });
    const positions = await positionsOf(db, rows);
    return rows.map((row) => ({ row, dto: toEntryDto(row, positions) }));
  }
  const one = async (id: number) => (await listOf({ id }, []))[0]!.dto;

  /** The band of a camp the person waits for: the one whose ages hold theirs on the course's first session. */
  function bandFor(bands: CourseBand[], firstSessionStartsAt: Date, birthDate: Date | null, field: 'child_id' | 'course_id') {
    if (bands.length === 0) return null;
    const age = birthDate ? ageOn(toIsoDate(birthDate), todayInRome(firstSessionStartsAt)) : null;
    const band = age === null ? undefined : bands.find((row) => row.minAge <= age && age <= row.maxAge);
    if (!band) throw invalid({ [field]: [WAITLIST_MESSAGES.noBand] });
    return band;
  }

  /** Under the course's lock: the entry made when the course (or the person's band) has no place left. */
  const joinIn = (user: User, body: JoinBody, now: Date) =>
    db.$transaction(async (tx) => {
      await lockCourse(tx, body.course_id);
      const course = await tx.course.findUnique({ where: { id: body.course_id }, include: { sessions: { where: { cancelledAt: null }, orderBy: { startsAt: 'asc' } }, bands: true } });
      if (!course || !course.publishedAt || course.publishedAt > now || course.cancelledAt || !course.sessions.some((session) => session.startsAt > now)) {
        throw new AppError(409, ENROLMENT_MESSAGES.courseNotOpen);
      }
      const childId = body.child_id ?? null;
      const child = childId === null ? null : await tx.child.findFirst({ where: { id: childId, parentId: user.id } });
      if (childId !== null && !child) throw invalid({ child_id: [ENROLMENT_MESSAGES.notYourChild] });
      if ((await tx.courseEnrolment.count({ where: { courseId: course.id, userId: user.id, childId, kind: 'course', ...liveEnrolmentWhere(now) } })) > 0) {
        throw new AppError(409, ENROLMENT_MESSAGES.alreadyEnrolled);
      }
      const band = bandFor(course.bands, course.sessions[0]!.startsAt, child ? child.birthDate : user.birthDate, child ? 'child_id' : 'course_id');
      const courseFull = course.placesTaken + (await busiestSessionCount(tx, course.id, now)) >= course.maxParticipants;
      if (!courseFull && (!band || band.placesTaken < band.capacity)) throw new AppError(409, WAITLIST_MESSAGES.placesLeft);
      return tx.courseWaitlistEntry.create({ data: { courseId: course.id, userId: user.id, childId, bandId: band?.id ?? null } });
    }, TRANSACTION_OPTIONS);

  /** The member's own entry, or 404 (another's entry does not exist for them). */
  async function mineOrNotFound(user: User, id: number) {
    const entry = await db.courseWaitlistEntry.findFirst({ where: { id, userId: user.id } });
    if (!entry) throw notFound(WAITLIST_MESSAGES.notFound);
    return entry;
  }

  return {
    async join(user: User, body: JoinBody, now = new Date()) {
      try {
        const entry = await joinIn(user, body, now);
        return { message: WAITLIST_MESSAGES.joined, entry: await one(entry.id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, WAITLIST_MESSAGES.alreadyWaiting);
        throw error;
      }
    },

    mine: async (user: User) => ({ data: (await listOf({ userId: user.id, status: { in: ['waiting', 'offered'] } }, [{ createdAt: 'desc' }, { id: 'desc' }])).map(({ dto }) => dto) }),

    /** The offered place taken: an enrolment as enrolling makes it (every check, the price, the payment hold), in the place the offer holds. */
    async accept(user: User, id: number, now = new Date()) {
      const entry = await mineOrNotFound(user, id);
      if (entry.status !== 'offered') throw new AppError(409, WAITLIST_MESSAGES.notOffered);
      const enrolled = await enrol(user, { course_id: entry.courseId, child_id: entry.childId, kind: 'course' }, now, async (tx, enrolmentId, at) => {
        const claimed = await tx.courseWaitlistEntry.updateMany({
          where: { id, userId: user.id, status: 'offered', offerExpiresAt: { gt: at } },
          data: { status: 'enrolled', offerExpiresAt: null, enrolmentId },
        });
        if (claimed.count === 0) throw new AppError(409, WAITLIST_MESSAGES.offerLapsed);
        // The place held is the entry's band's: an age changed since joining would put the child in another band.
        const made = await tx.courseEnrolment.findUniqueOrThrow({ where: { id: enrolmentId }, select: { bandId: true } });
        if (made.bandId !== entry.bandId) throw new AppError(409, WAITLIST_MESSAGES.bandChanged);
      });
      return { message: enrolled.message, entry: await one(id) };
    },

    /** Out of the list; an offered place passes to the next waiting (or back to the course). */
    async withdraw(user: User, id: number, now = new Date()) {
      const entry = await mineOrNotFound(user, id);
      await db.$transaction(async (tx) => {
        await lockCourse(tx, entry.courseId);
        const live = await tx.courseWaitlistEntry.findUniqueOrThrow({ where: { id } });
        if (live.status !== 'waiting' && live.status !== 'offered') throw new AppError(409, WAITLIST_MESSAGES.notLive);
        await tx.courseWaitlistEntry.update({ where: { id }, data: { status: 'withdrawn', offerExpiresAt: null } });
        if (live.status === 'offered') await handOff.passPlaceOn(tx, live, now);
      }, TRANSACTION_OPTIONS);
      return { message: WAITLIST_MESSAGES.withdrawn, entry: await one(id) };
    },

    async ofCourse(courseId: number): Promise<{ data: TAdminWaitlistEntry[] }> {
      if (!(await db.course.findUnique({ where: { id: courseId } }))) throw notFound(ENROLMENT_MESSAGES.courseNotOpen);
      const rows = await listOf({ courseId }, [{ createdAt: 'asc' }, { id: 'asc' }]);
      return { data: rows.map(({ row, dto }) => ({ ...dto, member: { id: row.user.id, name: `${row.user.firstName} ${row.user.lastName}`, email: row.user.email } })) };
    },

    /** Job, every minute: offers past their hold lapse (once each) and their place passes on. */
    async expireOffers(now = new Date()) {
      const due = await db.courseWaitlistEntry.findMany({ where: { status: 'offered', offerExpiresAt: { lte: now } }, select: { id: true, courseId: true, bandId: true } });
      let lapsed = 0;
      for (const entry of due) {
        await db.$transaction(async (tx) => {
          await lockCourse(tx, entry.courseId);
          const { count } = await tx.courseWaitlistEntry.updateMany({ where: { id: entry.id, status: 'offered', offerExpiresAt: { lte: now } }, data: { status: 'lapsed', offerExpiresAt: null } });
          if (count === 0) return;
          await handOff.passPlaceOn(tx, entry, now);
          lapsed += 1;
        }, TRANSACTION_OPTIONS);
      }
      return lapsed;
    },
  };
}

export type CourseWaitlistService = ReturnType<typeof createCourseWaitlistService>;
