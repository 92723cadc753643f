// The partner finder (docs/tournaments.md#partner-finder): a member looking for a partner posts once per
// tournament (level and note); other members answer; the poster accepts one answer and the pair is
// registered exactly as `register` would (same checks, same place counting), both members' posts closed.
import type { api, BodyOf, TPartnerPost } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Registration } from './registration.js';
import { registrationOpen, TOURNAMENT_MESSAGES } from './tournament-terms.js';

export function createPartnerFinder({ db }: Pick<AppDeps, 'db'>, registration: Registration) {
  /** A tournament taking registrations now; 404 for a draft or cancelled one, 409 outside the window. */
  async function openTournament(id: number) {
    const tournament = await db.tournament.findUnique({ where: { id } });
    if (!tournament || tournament.status === 'draft' || tournament.status === 'cancelled') throw notFound(TOURNAMENT_MESSAGES.notFound);
    if (!registrationOpen(tournament, new Date())) throw new AppError(409, TOURNAMENT_MESSAGES.registrationClosed);
    return tournament;
  }

  const openPost = async (id: number) => {
    const post = await db.tournamentPartnerPost.findFirst({ where: { id, closedAt: null } });
    if (!post) throw notFound(TOURNAMENT_MESSAGES.postNotFound);
    return post;
  };

  async function postsOf(user: User, where: { tournamentId?: number; id?: number }): Promise<TPartnerPost[]> {
    const posts = await db.tournamentPartnerPost.findMany({
      where: { ...where, closedAt: null },
      include: { user: true, answers: { include: { user: true }, orderBy: { id: 'asc' } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return posts.map((post) => ({
      id: post.id,
      name: `${post.user.firstName} ${post.user.lastName}`,
      level: post.level as TPartnerPost['level'],
      note: post.note,
      mine: post.userId === user.id,
      created_at: post.createdAt.toISOString(),
      answers: post.userId === user.id ? post.answers.map((answer) => ({ id: answer.id, name: `${answer.user.firstName} ${answer.user.lastName}`, message: answer.message })) : [],
      answered_by_me: post.answers.some((answer) => answer.userId === user.id),
    }));
  }

  return {
    partnerPosts: async (user: User, tournamentId: number) => {
      if (!(await db.tournament.findFirst({ where: { id: tournamentId, status: { notIn: ['draft', 'cancelled'] } } }))) throw notFound(TOURNAMENT_MESSAGES.notFound);
      return { data: await postsOf(user, { tournamentId }) };
    },

    async postPartner(user: User, tournamentId: number, body: BodyOf<typeof api.tournaments.postPartner>) {
      await openTournament(tournamentId);
      if ((await db.tournamentPlayer.count({ where: { tournamentId, userId: user.id, withdrawnAt: null } })) > 0) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyRegistered);
      try {
        const made = await db.tournamentPartnerPost.create({ data: { tournamentId, userId: user.id, level: body.level, note: body.note } });
        return { message: TOURNAMENT_MESSAGES.posted, post: (await postsOf(user, { id: made.id }))[0]! };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyPosted);
        throw error;
      }
    },

    async answerPartner(user: User, postId: number, body: BodyOf<typeof api.tournaments.answerPartner>) {
      const post = await openPost(postId);
      if (post.userId === user.id) throw new AppError(409, TOURNAMENT_MESSAGES.ownPost);
      await openTournament(post.tournamentId);
      try {
        await db.tournamentPartnerAnswer.create({ data: { postId, userId: user.id, message: body.message } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyAnswered);
        throw error;
      }
      return { message: TOURNAMENT_MESSAGES.answered };
    },

    /** The poster accepts an answer: the pair registered as `register` does, then both members' open posts closed. */
    async acceptPartner(user: User, answerId: number) {
      const answer = await db.tournamentPartnerAnswer.findUnique({ where: { id: answerId }, include: { post: true, user: true } });
      if (!answer || answer.post.userId !== user.id || answer.post.closedAt) throw notFound(TOURNAMENT_MESSAGES.postNotFound);
      const { tournamentId } = answer.post;
      try {
        return await db.$transaction(async (tx) => {
          const made = await registration.registerIn(tx, tournamentId, user, { user: answer.user }, new Date());
          await tx.tournamentPartnerPost.updateMany({ where: { tournamentId, userId: { in: [user.id, answer.userId] }, closedAt: null }, data: { closedAt: new Date() } });
          return made;
        }, TRANSACTION_OPTIONS);
      } catch (error) {
        throw registration.conflictOf(error);
      }
    },

    async closePartnerPost(user: User, postId: number) {
      const post = await openPost(postId);
      if (post.userId !== user.id) throw notFound(TOURNAMENT_MESSAGES.postNotFound);
      await db.tournamentPartnerPost.update({ where: { id: postId }, data: { closedAt: new Date() } });
      return { message: TOURNAMENT_MESSAGES.postClosed };
    },
  };
}
