// What else holds an erased member's data by their e-mail address or in their own words
// (docs/domain.md#privacy): the invitations they were added by, their partner-finder posts and answers,
// their course waiting places, the copies of their address a broadcast and the login guard kept.
import type { Prisma } from '../../lib/db.js';

/** `erased` (the anonymous address and name) stands for the person where a row must keep someone: a guest player, a broadcast's recipient. */
export async function eraseTraces(tx: Prisma.TransactionClient, userId: number, email: string, erased: { email: string; name: string }) {
  const byAddress = { equals: email, mode: 'insensitive' as const };
  // A share's player is shown by the address they were invited with until they pay: the account stays, the address goes.
  await tx.bookingPlayer.updateMany({ where: { userId, invitedEmail: { not: null } }, data: { invitedEmail: null } });
  await tx.bookingPlayer.updateMany({ where: { userId: null, guestEmail: byAddress }, data: { guestEmail: erased.email } });
  await tx.tournamentPlayer.updateMany({ where: { userId, invitedEmail: { not: null } }, data: { invitedEmail: null } });
  await tx.tournamentPlayer.updateMany({ where: { userId: null, invitedEmail: byAddress }, data: { invitedEmail: erased.email } });
  // Free text others read ("chiamami al …"): gone with the posts they wrote and the answers they gave.
  await tx.tournamentPartnerAnswer.deleteMany({ where: { userId } });
  await tx.tournamentPartnerPost.deleteMany({ where: { userId } });
  // Out of the courses' waiting lists; a place already offered lapses at its deadline and passes on as any offer does.
  await tx.courseWaitlistEntry.updateMany({ where: { userId, status: 'waiting' }, data: { status: 'withdrawn' } });
  await tx.broadcastRecipient.updateMany({ where: { email: byAddress }, data: erased });
  await tx.loginFailure.deleteMany({ where: { email: byAddress } });
}
