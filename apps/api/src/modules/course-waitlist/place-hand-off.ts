// The school's fair waiting list on the shared offer engine (waitlist-offers; docs/school.md#waiting-list): a
// freed whole-course place is offered to the first person waiting (for that age band, on a camp) alone, and
// held for them on the counters until the offer expires; with nobody waiting, or inside the cut-off before
// the next session, it goes back to the course. Every path that frees a place (a cancellation, a lapsed payment hold, a lapsed or withdrawn offer)
// comes through here, under the course's row lock, so two places freed at once never reach the same person.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../lib/db.js';
import { localizedUrl } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { participantName } from '../enrolments/index.js';
import { readSettings } from '../settings/index.js';
import { FIRST_IN_LINE, offerExpiry, offerToFirstInLine } from '../waitlist-offers/index.js';
import { waitlistOfferEmail } from './course-waitlist.emails.js';
import { notifyMember } from '../push/index.js';

/** A whole-course place just freed: the course, and on a camp the band it counted in. */
export interface FreedPlace {
  courseId: number;
  bandId: number | null;
}

/** The course's row locked (as enrolling locks it), so offers, joins, accepts and expiries of one course queue. */
export const lockCourse = (tx: Prisma.TransactionClient, courseId: number) => tx.$queryRaw`SELECT id FROM courses WHERE id = ${courseId} FOR UPDATE`;

/** A place back to the course's counter, and to its band's on a camp. */
async function givePlaceBack(tx: Prisma.TransactionClient, place: FreedPlace) {
  await tx.$executeRaw`UPDATE courses SET places_taken = places_taken - 1, updated_at = now() WHERE id = ${place.courseId}`;
  if (place.bandId !== null) await tx.$executeRaw`UPDATE course_bands SET places_taken = places_taken - 1 WHERE id = ${place.bandId}`;
}

export function createPlaceHandOff(deps: Pick<AppDeps, 'jobs' | 'config'>) {
  return {
    /**
     * Gives a freed place to the first waiting as an offer (the counters keep counting it) and e-mails
     * them; else gives it back to the course and its band. Returns whether an offer was made.
     */
    async passPlaceOn(tx: Prisma.TransactionClient, place: FreedPlace, now: Date): Promise<boolean> {
      await lockCourse(tx, place.courseId);
      const { waitlistOfferHours, waitlistCutoffHours } = await readSettings(tx);
      const next = await tx.courseSession.findFirst({
        where: { courseId: place.courseId, cancelledAt: null, startsAt: { gt: now }, course: { cancelledAt: null } },
        orderBy: { startsAt: 'asc' },
      });
      const expiresAt = offerExpiry(now, next?.startsAt ?? null, { offerHours: waitlistOfferHours, cutoffHours: waitlistCutoffHours });
      return offerToFirstInLine(
        expiresAt,
        () => tx.courseWaitlistEntry.findFirst({ where: { courseId: place.courseId, bandId: place.bandId, status: 'waiting' }, orderBy: FIRST_IN_LINE }),
        {
          offer: async (first, until) => {
            const offered = await tx.courseWaitlistEntry.update({
              where: { id: first.id, status: 'waiting' },
              data: { status: 'offered', offeredAt: now, offerExpiresAt: until },
              include: { course: { select: { name: true, titleDe: true, titleEn: true } }, user: true, child: true },
            });
            const email = waitlistOfferEmail(offered.user, { course: titleIn(offered.user.locale, offered.course), participant: participantName(offered), expiresAt: until }, localizedUrl(offered.user.locale, `${webOriginOf(deps.config)}/profilo`));
            await notifyMember(deps.jobs, tx, { userId: offered.userId, kind: 'waitlist_offer', email });
          },
          giveBack: () => givePlaceBack(tx, place),
        },
      );
    },

    async closeList(tx: Prisma.TransactionClient, courseId: number) {
      const closed = await tx.$queryRaw<{ wasOffered: boolean; bandId: number | null }[]>`
        UPDATE course_waitlist_entries w SET status = 'withdrawn', offer_expires_at = NULL, updated_at = now()
        FROM course_waitlist_entries before WHERE before.id = w.id AND w.course_id = ${courseId} AND w.status IN ('waiting', 'offered')
        RETURNING before.status = 'offered' AS "wasOffered", w.band_id AS "bandId"`;
      for (const { bandId } of closed.filter((row) => row.wasOffered)) await givePlaceBack(tx, { courseId, bandId });
    },
  };
}

export type PlaceHandOff = ReturnType<typeof createPlaceHandOff>;
