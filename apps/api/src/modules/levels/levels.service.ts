// A member's levels (docs/levels.md): read with their history, started by the questionnaire (once per
// sport), corrected by an admin (audited); the club's ranking by level per sport.
import { defineMessages, RANKING_MIN_MATCHES, type TLevelQuestionnaireBody, type TMyLevels, type TLevelRankingRow } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Sport } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { Prisma, TRANSACTION_OPTIONS, isConstraintViolation } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { levelOf, muOf, questionnaireLevel, shownLevel, START_MU, START_SIGMA } from './rating-scale.js';

const M = defineMessages({
  asked: /* i18n */ { id: 'api.levels.asked', message: 'Hai già un livello in questo sport: lo muovono le partite competitive.' },
  started: /* i18n */ { id: 'api.levels.started', message: 'Livello salvato: lo muovono le tue partite competitive.' },
  corrected: /* i18n */ { id: 'api.levels.corrected', message: 'Livello corretto.' },
  noMember: /* i18n */ { id: 'api.levels.no_member', message: 'Socio non trovato.' },
});

/** How many changes the member's page shows. */
const HISTORY_SHOWN = 50;

type Tx = Prisma.TransactionClient;

async function levelsOf(tx: Tx, userId: number): Promise<TMyLevels> {
  const [levels, history] = await Promise.all([
    tx.memberLevel.findMany({ where: { userId }, orderBy: { sport: 'asc' } }),
    tx.memberLevelChange.findMany({ where: { userId }, orderBy: { id: 'desc' }, take: HISTORY_SHOWN }),
  ]);
  return {
    levels: levels.map((row) => ({ sport: row.sport, ...shownLevel(row), competitive_matches: row.competitiveMatches })),
    history: history.map((row) => ({
      id: row.id, sport: row.sport, source: row.source, ...shownLevel(row),
      level_before: row.muBefore === null ? null : levelOf(row.muBefore), created_at: row.createdAt.toISOString(),
    })),
  };
}

export function createLevelsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    mine: (user: { id: number }) => levelsOf(db, user.id),

    /** The first level in a sport, from the questionnaire: asked once (a second answer is refused). */
    async questionnaire(user: { id: number }, { sport, answers }: TLevelQuestionnaireBody): Promise<TMyLevels & { message: Message }> {
      const mu = muOf(questionnaireLevel(answers));
      try {
        return await db.$transaction(async (tx) => {
          await tx.memberLevel.create({ data: { userId: user.id, sport, mu, sigma: START_SIGMA, questionnaireAt: new Date() } });
          await tx.memberLevelChange.create({ data: { userId: user.id, sport, source: 'questionnaire', sourceKey: 'questionnaire', mu, sigma: START_SIGMA } });
          return { message: M.started, ...(await levelsOf(tx, user.id)) };
        }, TRANSACTION_OPTIONS);
      } catch (error) {
        if (isConstraintViolation(error, 'member_levels_pkey')) throw new AppError(409, M.asked);
        throw error;
      }
    },

    /** Members with at least RANKING_MIN_MATCHES competitive results in `sport`, by level, then reliability. */
    async ranking(user: { id: number }, sport: Sport): Promise<{ sport: Sport; data: TLevelRankingRow[] }> {
      const rows = await db.memberLevel.findMany({
        where: { sport, competitiveMatches: { gte: RANKING_MIN_MATCHES } },
        orderBy: [{ mu: 'desc' }, { sigma: 'asc' }, { userId: 'asc' }],
        include: { user: { select: { firstName: true, lastName: true } } },
      });
      return {
        sport,
        data: rows.map((row, index) => ({
          position: index + 1,
          name: `${row.user.firstName} ${row.user.lastName.charAt(0)}.`,
          ...shownLevel(row),
          competitive_matches: row.competitiveMatches,
          me: row.userId === user.id,
        })),
      };
    },

    async ofMember(userId: number): Promise<TMyLevels> {
      if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound(M.noMember);
      return levelsOf(db, userId);
    },

    /** An admin sets a member's level in a sport; its reliability stays (docs/levels.md#corrections). */
    async correct(admin: { id: number }, userId: number, sport: Sport, level: number): Promise<TMyLevels & { message: Message }> {
      return db.$transaction(async (tx) => {
        if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound(M.noMember);
        const mu = muOf(level);
        // A member with no level in the sport gets it at the start's sigma, with nothing before it in the history.
        const created = await tx.memberLevel.createMany({ data: [{ userId, sport, mu: START_MU, sigma: START_SIGMA }], skipDuplicates: true });
        const [current] = await tx.$queryRaw<{ mu: number; sigma: number }[]>(Prisma.sql`
          SELECT mu, sigma FROM member_levels WHERE user_id = ${userId} AND sport = ${sport}::sport FOR UPDATE`);
        const before = created.count === 0 ? { muBefore: current!.mu, sigmaBefore: current!.sigma } : {};
        await tx.memberLevel.update({ where: { userId_sport: { userId, sport } }, data: { mu, updatedAt: new Date() } });
        await auditRow(tx, { entity: 'member_level_changes', action: 'adjust', subjectUserId: userId }, () =>
          tx.memberLevelChange.create({ data: { userId, sport, source: 'admin', ...before, mu, sigma: current!.sigma, changedByUserId: admin.id } }));
        return { message: M.corrected, ...(await levelsOf(tx, userId)) };
      }, TRANSACTION_OPTIONS);
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
