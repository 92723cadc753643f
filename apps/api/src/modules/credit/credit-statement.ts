// What is read of credit (docs/domain.md#credit): a member's statement — the movements of their
// credit, with its balance — what a change answers, and the corrections of a day.
import { centsToMoney, type api, type QueryOf, type TCreditCorrections, type TCreditMovement, type TCreditStatement } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma, type Db } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { pagedList, skipTake, type PageRequest } from '../../lib/paging.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { debtOf, walletOf } from '../ledger/index.js';
import { refundsDueOf } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { settingsDto } from './credit-terms.js';

type MovementRow = {
  id: number;
  kind: string;
  phase: string;
  amount: number;
  toCard: boolean;
  description: string | null;
  bookingId: number | null;
  byId: number | null;
  byName: string | null;
  effectiveAt: Date;
};

/** How the member reads an entry that moved their credit. */
const movementKind = (row: Pick<MovementRow, 'kind' | 'phase' | 'amount' | 'toCard'>): TCreditMovement['kind'] => {
  if (row.phase === 'pending') return 'hold';
  switch (row.kind) {
    case 'top_up':
      return 'top_up';
    case 'credit_return':
      return 'returned';
    case 'credit_refund':
      return row.toCard ? 'refund_to_card' : 'cash_refund';
    case 'correction':
      return 'desk_adjustment';
    case 'rain_credit':
      return 'rain_credit';
    case 'stripe_refund':
      return 'stripe_refund';
    case 'refund_failed':
      return 'refund_failed';
    case 'debt_settled':
      return 'debt_settled';
    default:
      return 'payment';
  }
};

const toMovementDto = (row: MovementRow): TCreditMovement => ({
  id: row.id,
  amount: centsToMoney(row.amount),
  kind: movementKind(row),
  pending: row.phase === 'pending',
  reason: row.description,
  by: row.byId !== null ? { id: row.byId, name: row.byName ?? '' } : null,
  booking_id: row.bookingId,
  created_at: row.effectiveAt.toISOString(),
});

/**
 * The entries that moved a member's credit, as movements: their amount on the member's credit accounts
 * (positive adds). Set-aside amounts show while they are set aside; once posted, the posting is the
 * movement; released, neither shows.
 */
const MOVEMENTS = (userId: number) => Prisma.sql`
  SELECT e.id, e.kind::text AS kind, e.phase::text AS phase, -sum(p.amount_cents)::int AS amount,
    EXISTS (SELECT 1 FROM ledger_postings q JOIN ledger_accounts r ON r.id = q.account_id WHERE q.entry_id = e.id AND r.kind = 'refund_payable') AS "toCard",
    coalesce(e.description, pe.description) AS description, coalesce(e.booking_id, pe.booking_id) AS "bookingId",
    u.id AS "byId", u.first_name || ' ' || u.last_name AS "byName", e.effective_at AS "effectiveAt"
  FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_entries e ON e.id = p.entry_id
  LEFT JOIN ledger_entries pe ON pe.id = e.pending_id
  LEFT JOIN users u ON u.id = coalesce(e.created_by_id, pe.created_by_id)
  WHERE a.user_id = ${userId} AND a.kind IN ('credit_funded', 'credit_promo')
    AND (e.phase IN ('posted', 'post_pending') OR (e.phase = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.pending_id = e.id)))
  GROUP BY e.id, pe.id, u.id HAVING sum(p.amount_cents) <> 0`;

/** Every movement of the member's credit, newest first, as their statement shows them, with its balance: for their data export (docs/domain.md#privacy). */
export async function creditHistoryOf(db: Db, userId: number) {
  const [wallet, rows] = await Promise.all([walletOf(db, userId), db.$queryRaw<MovementRow[]>`${MOVEMENTS(userId)} ORDER BY "effectiveAt" DESC, id DESC`]);
  return { balance: centsToMoney(wallet.balance), movements: rows.map(toMovementDto) };
}

export function createCreditReads({ db }: Pick<AppDeps, 'db'>) {
  async function statement(userId: number, page: PageRequest): Promise<TCreditStatement> {
    const { skip, take } = skipTake(page);
    const [wallet, rows, [counted], settings, owed, dues] = await Promise.all([
      walletOf(db, userId),
      db.$queryRaw<MovementRow[]>`${MOVEMENTS(userId)} ORDER BY "effectiveAt" DESC, id DESC LIMIT ${take} OFFSET ${skip}`,
      db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${MOVEMENTS(userId)}) movements`,
      readSettings(db),
      debtOf(db, userId),
      refundsDueOf(db, userId),
    ]);
    const dueCents = (of = dues) => of.reduce((total, due) => total + due.cents, 0);
    return {
      ...pagedList(rows.map(toMovementDto), counted?.total ?? 0, page),
      balance: centsToMoney(wallet.balance),
      reserved: centsToMoney(wallet.reserved),
      available: centsToMoney(wallet.available),
      refundable: centsToMoney(wallet.funded),
      owed: centsToMoney(owed),
      refund_due: centsToMoney(dueCents()),
      refund_due_held: centsToMoney(dueCents(dues.filter((due) => due.held))),
      ...settingsDto(settings),
    };
  }

  /** The movement an entry made (none when nothing moved), with the balance after it: what a change answers. */
  async function changed(message: Message, userId: number, entryId: number | undefined) {
    const [wallet, [row]] = await Promise.all([walletOf(db, userId), db.$queryRaw<MovementRow[]>`SELECT * FROM (${MOVEMENTS(userId)}) m WHERE m.id = ${entryId ?? 0}`]);
    return { message, balance: centsToMoney(wallet.balance), movement: row ? toMovementDto(row) : null };
  }

  async function memberOf(userId: number) {
    const user = await db.user.findUnique({ where: { id: userId } });
    if (!user) throw notFound('Utente non trovato.');
    return user;
  }

  return {
    changed,
    memberOf,

    mine: (user: User, query: QueryOf<typeof api.credit.mine>) => statement(user.id, query),

    async show(userId: number, query: QueryOf<typeof api.credit.show>) {
      await memberOf(userId);
      return statement(userId, query);
    },

    /** The corrections of a Rome day, for the dashboard: who, whose, how much and why. */
    async corrections({ date = todayInRome() }: QueryOf<typeof api.credit.corrections>): Promise<TCreditCorrections> {
      const from = instantInRome(date, '00:00');
      const to = instantInRome(date, '24:00');
      const rows = await db.$queryRaw<{ id: number; amount: number; reason: string | null; memberId: number; memberName: string; byId: number | null; byName: string | null; createdAt: Date }[]>`
        SELECT e.id, -sum(p.amount_cents) FILTER (WHERE a.kind IN ('credit_funded', 'credit_promo'))::int AS amount, e.description AS reason,
          m.id AS "memberId", m.first_name || ' ' || m.last_name AS "memberName", s.id AS "byId", s.first_name || ' ' || s.last_name AS "byName", e.created_at AS "createdAt"
        FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        JOIN users m ON m.id = e.user_id LEFT JOIN users s ON s.id = e.created_by_id
        WHERE e.kind = 'correction' AND e.effective_at >= ${from} AND e.effective_at < ${to}
        GROUP BY e.id, m.id, s.id ORDER BY e.created_at DESC, e.id DESC`;
      const sum = (sign: 1 | -1) => rows.reduce((total, row) => total + (Math.sign(row.amount) === sign ? row.amount : 0), 0);
      return {
        date,
        data: rows.map((row) => ({
          id: row.id,
          member: { id: row.memberId, name: row.memberName },
          amount: centsToMoney(row.amount),
          reason: row.reason,
          by: row.byId !== null ? { id: row.byId, name: row.byName ?? '' } : null,
          created_at: row.createdAt.toISOString(),
        })),
        added: centsToMoney(sum(1)),
        taken: centsToMoney(-sum(-1)),
      };
    },
  };
}

export type CreditReads = ReturnType<typeof createCreditReads>;
