// The BVU members' list (docs/domain.md#bvu-members): searched by either order of the names, card code, fiscal
// code or e-mail, sorted by the column asked, paged.
import type { api, QueryOf } from '@beach/contracts';
import { type Db, Prisma } from '../../lib/db.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { toBvuMemberDto } from './bvu-member-terms.js';

type ListQuery = QueryOf<typeof api.bvuMembers.list>;

const SORT_COLUMNS: Record<ListQuery['sort_by'], Prisma.Sql> = {
  last_name: Prisma.sql`last_name`,
  first_name: Prisma.sql`first_name`,
  card_code: Prisma.sql`card_code`,
  season: Prisma.sql`season`,
  expiry_date: Prisma.sql`expiry_date`,
  created_at: Prisma.sql`created_at`,
};

export async function listBvuMembers(db: Db, query: ListQuery) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  // Either order of the names matches ("Rossi Mario" and "Mario Rossi").
  const where = pattern
    ? Prisma.sql`WHERE (last_name || ' ' || first_name || ' ' || first_name || ' ' || last_name) ILIKE ${pattern}
        OR card_code ILIKE ${pattern} OR fiscal_code ILIKE ${pattern} OR email ILIKE ${pattern}`
    : Prisma.empty;
  const direction = query.sort_order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const { skip, take } = skipTake(query);
  const [[count], members] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM bvu_members ${where}`,
    db.$queryRaw<{ id: number }[]>`
      SELECT id FROM bvu_members ${where}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction} NULLS LAST, last_name, first_name, id
      LIMIT ${take} OFFSET ${skip}`.then(async (ids) => {
      const rows = await db.bvuMember.findMany({ where: { id: { in: ids.map((row) => row.id) } } });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((row) => byId.get(row.id)!);
    }),
  ]);
  return pagedList(members.map(toBvuMemberDto), count!.total, query);
}
