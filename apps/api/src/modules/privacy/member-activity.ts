// The member's places and posts for their data export (docs/domain.md#privacy): waiting for a course or
// camp, their part of each tournament entry, their partner-finder posts and answers. Read only by the
// member's own id; another member shows nowhere: a partner, whoever answered a post, a post's author.
import type { TMyDataExport } from '@beach/contracts';
import { centsToMoney } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { toIsoDate } from '../../lib/time.js';

type Activity = Pick<TMyDataExport, 'course_waitlist' | 'tournament_entries' | 'partner_posts' | 'partner_answers'>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function memberActivity(db: Db, userId: number): Promise<Activity> {
  const [waiting, players, posts, answers] = await Promise.all([
    db.courseWaitlistEntry.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: { course: { select: { name: true } }, child: { select: { firstName: true, lastName: true } }, user: { select: { firstName: true, lastName: true } } },
    }),
    db.tournamentPlayer.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: { tournament: { select: { name: true, startsOn: true } }, entry: { select: { status: true, offeredUntil: true } } },
    }),
    db.tournamentPartnerPost.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { tournament: { select: { name: true } }, _count: { select: { answers: true } } } }),
    db.tournamentPartnerAnswer.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { post: { select: { tournament: { select: { name: true } } } } } }),
  ]);
  return {
    course_waitlist: waiting.map((place) => {
      const who = place.child ?? place.user;
      return { course_name: place.course.name, participant_name: `${who.firstName} ${who.lastName}`, status: place.status, offer_expires_at: iso(place.offerExpiresAt), created_at: place.createdAt.toISOString() };
    }),
    tournament_entries: players.map((player) => ({
      tournament_name: player.tournament.name,
      starts_on: toIsoDate(player.tournament.startsOn),
      status: player.entry.status,
      fee: centsToMoney(player.feeCents),
      offered_until: iso(player.entry.offeredUntil),
      accepted_at: iso(player.acceptedAt),
      withdrawn_at: iso(player.withdrawnAt),
      created_at: player.createdAt.toISOString(),
    })),
    partner_posts: posts.map((post) => ({
      tournament_name: post.tournament.name,
      level: post.level as TMyDataExport['partner_posts'][number]['level'],
      note: post.note,
      answers: post._count.answers,
      closed_at: iso(post.closedAt),
      created_at: post.createdAt.toISOString(),
    })),
    partner_answers: answers.map((answer) => ({ tournament_name: answer.post.tournament.name, message: answer.message, created_at: answer.createdAt.toISOString() })),
  };
}
