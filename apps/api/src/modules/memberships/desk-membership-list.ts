// The desk's list of cards (docs/domain.md#memberships): the paged, filtered and sorted list, the stats
// (with the money for admins), cards waiting for activation, one card and its PDF.
import { centsToMoney, MEMBERSHIP_TYPES, type QueryOf, type TAdminMembership, type TMembershipStats } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma, readRows } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { isAdmin } from '../auth/index.js';
import { liabilities, revenueTotals } from '../finance/index.js';
import { type AdminRoutes, membershipMessages } from './membership-terms.js';
import { BACK_OFFICE_CARD_JSON, backOfficeCardOfJson, toAdminMembershipDto, toBackOfficeMembershipDto, WITH_HOLDER } from './memberships.dto.js';
import type { MembershipsService } from './memberships.service.js';

type ListQuery = QueryOf<AdminRoutes['list']>;

const SORT_COLUMNS: Record<ListQuery['sort_by'], string> = {
  created_at: 'm.created_at',
  membership_number: 'm.membership_number',
  start_date: 'm.start_date',
  end_date: 'm.end_date',
  status: 'm.status',
  type: 'm.type',
};

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The WHERE of the list over `memberships m`. The free-text search is a union of two index scans
 * (trigram indexes on the number and on the holder's name and e-mail): one OR across both tables
 * would read every card.
 */
function membershipListFilter(query: Pick<ListQuery, 'search' | 'status' | 'type' | 'bvu_status'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.status) conditions.push(Prisma.sql`m.status = ${query.status}::membership_status`);
  if (query.type) conditions.push(Prisma.sql`m.type = ${query.type}::membership_type`);
  if (query.bvu_status) conditions.push(Prisma.sql`m.is_bvu_member = ${query.bvu_status === 'bvu'}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(Prisma.sql`m.id IN (
      SELECT id FROM memberships WHERE membership_number ILIKE ${pattern}
      UNION
      SELECT held.id FROM users u JOIN memberships held ON held.user_id = u.id WHERE (u.first_name || ' ' || u.last_name || ' ' || u.email) ILIKE ${pattern})`);
  }
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

export function createDeskMembershipList(deps: Pick<AppDeps, 'db'>, memberships: MembershipsService) {
  const { db } = deps;

  async function find(id: number) {
    const membership = await db.membership.findUnique({ where: { id }, include: WITH_HOLDER });
    if (!membership) throw notFound(membershipMessages.notFound);
    return membership;
  }
  const load = async (id: number): Promise<TAdminMembership> => toAdminMembershipDto(await find(id));

  return {
    find,
    load,

    async list(viewer: User, query: ListQuery) {
      const where = membershipListFilter(query);
      const order = Prisma.raw(`${SORT_COLUMNS[query.sort_by]} ${query.sort_order}, m.id ${query.sort_order}`);
      const { skip, take } = skipTake(query);
      // Two statements side by side on two connections, so the request waits for the slower one only:
      // the count, and the page's rows in one round trip, read through the filter's index with each
      // card's holder and latest payment, built as JSON by PostgreSQL in the page's order. Read past
      // Prisma's client (readRows): the desk's busiest list.
      const [[counted], [page]] = await Promise.all([
        readRows<{ total: number }>(db, Prisma.sql`SELECT count(*)::int AS total FROM memberships m ${where}`),
        readRows<{ cards: Parameters<typeof backOfficeCardOfJson>[0][] }>(
          db,
          Prisma.sql`
          SELECT coalesce(json_agg(page.card ORDER BY page.position), '[]'::json) AS cards FROM (
            SELECT row_number() OVER (ORDER BY ${order}) AS position, ${BACK_OFFICE_CARD_JSON} AS card
            FROM memberships m JOIN users u ON u.id = m.user_id
            LEFT JOIN LATERAL (
              SELECT * FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment' ORDER BY t.created_at DESC LIMIT 1
            ) t ON true
            ${where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}) page`,
        ),
      ]);
      return pagedList(
        page!.cards.map((card) => toBackOfficeMembershipDto(backOfficeCardOfJson(card), viewer)),
        counted!.total,
        query,
      );
    },

    async stats(viewer: User): Promise<TMembershipStats> {
      const [byType, active] = await Promise.all([db.membership.groupBy({ by: ['type'], _count: { _all: true } }), db.membership.count({ where: { status: 'active' } })]);
      const counts = Object.fromEntries(MEMBERSHIP_TYPES.map((type) => [type, byType.find((row) => row.type === type)?._count._all ?? 0])) as TMembershipStats['by_type'];
      return {
        total: byType.reduce((sum, row) => sum + row._count._all, 0),
        active,
        by_type: counts,
        revenue: isAdmin(viewer) ? await revenue() : null,
        liabilities: isAdmin(viewer) ? await liabilities(db) : null,
      };
    },

    async orphaned() {
      const pending = await db.membership.findMany({
        where: { status: 'pending', NOT: { transactions: { some: { type: 'payment', status: 'completed' } } } },
        include: WITH_HOLDER,
        orderBy: { createdAt: 'asc' },
      });
      return { memberships: pending.map(toAdminMembershipDto) };
    },

    show: async (viewer: User, id: number) => toBackOfficeMembershipDto(await find(id), viewer),

    pdf: async (id: number) => memberships.pdfFile(await find(id)),
  };

  /** All-time income by source and expenses, net of refunds: the finance module's one computation. */
  async function revenue(): Promise<NonNullable<TMembershipStats['revenue']>> {
    const { membership, booking, extra, expenses } = await revenueTotals(db);
    return {
      membership_income: centsToMoney(membership),
      booking_income: centsToMoney(booking),
      extra_income: centsToMoney(extra),
      total_income: centsToMoney(membership + booking + extra),
      total_expenses: centsToMoney(expenses),
    };
  }
}

export type DeskMembershipList = ReturnType<typeof createDeskMembershipList>;
