// BVU members back-office (docs/domain.md#bvu-members): list, add, edit, delete and CSV import.
// One card per fiscal code and season, and one holder per card code and season (unique keys). The list
// and the import in their own files; this adds the form's writes and composes them.
import type { api, BodyOf, QueryOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import { isRecordMissing, isUniqueViolation } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { fromIsoDateOrNull } from '../../lib/time.js';
import { fiscalCodeProblem } from '../memberships/index.js';
import { importBvuCsv } from './bvu-import.js';
import { listBvuMembers } from './bvu-member-list.js';
import { BVU_MESSAGES, currentSeason, toBvuMemberDto } from './bvu-member-terms.js';

type Body = BodyOf<typeof api.bvuMembers.create>;

const dataOf = (body: Body) => ({
  cardCode: body.card_code,
  season: body.season ?? currentSeason(),
  lastName: body.last_name,
  firstName: body.first_name,
  fiscalCode: body.fiscal_code,
  gender: body.gender,
  birthDate: fromIsoDateOrNull(body.birth_date),
  email: body.email,
  issueDate: fromIsoDateOrNull(body.issue_date),
  expiryDate: fromIsoDateOrNull(body.expiry_date),
});

export function createBvuMembersService({ db }: Pick<AppDeps, 'db'>) {
  /** The checks beyond the form's: the fiscal code's check character and the two unique keys. */
  async function save(id: number | null, body: Body) {
    const data = dataOf(body);
    const problem = fiscalCodeProblem(data.fiscalCode, body.birth_date);
    if (problem) throw invalid({ fiscal_code: [problem] });
    const others = await db.bvuMember.findMany({
      where: { season: data.season, OR: [{ fiscalCode: data.fiscalCode }, { cardCode: data.cardCode }], ...(id ? { id: { not: id } } : {}) },
    });
    const errors: Record<string, string[]> = {};
    if (others.some((other) => other.fiscalCode === data.fiscalCode)) errors.fiscal_code = [BVU_MESSAGES.fiscalCodeTaken(data.season)];
    if (others.some((other) => other.cardCode === data.cardCode)) errors.card_code = [BVU_MESSAGES.cardCodeTaken(data.season)];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    try {
      return await db.$transaction((tx) =>
        id
          ? auditRow(tx, { entity: 'bvu_members', id, action: 'update' }, () => tx.bvuMember.update({ where: { id }, data }))
          : auditRow(tx, { entity: 'bvu_members', action: 'create' }, () => tx.bvuMember.create({ data })),
      );
    } catch (error) {
      // Another desk saved the same member in the meantime.
      if (isUniqueViolation(error)) throw invalid({ fiscal_code: [BVU_MESSAGES.fiscalCodeTaken(data.season)] });
      if (isRecordMissing(error)) throw notFound(BVU_MESSAGES.notFound);
      throw error;
    }
  }

  return {
    list: (query: QueryOf<typeof api.bvuMembers.list>) => listBvuMembers(db, query),

    async create(body: Body) {
      return { message: BVU_MESSAGES.created, bvu_member: toBvuMemberDto(await save(null, body)) };
    },

    async update(id: number, body: Body) {
      if (!(await db.bvuMember.findUnique({ where: { id } }))) throw notFound(BVU_MESSAGES.notFound);
      return { message: BVU_MESSAGES.updated, bvu_member: toBvuMemberDto(await save(id, body)) };
    },

    /** Cards already issued keep their BVU code; only the link to this row goes. */
    async remove(id: number) {
      await db.$transaction((tx) =>
        auditRow(tx, { entity: 'bvu_members', id, action: 'delete' }, async () => {
          const deleted = await tx.bvuMember.deleteMany({ where: { id } });
          if (deleted.count === 0) throw notFound(BVU_MESSAGES.notFound);
        }),
      );
      return { message: BVU_MESSAGES.deleted };
    },

    importCsv: (file: Buffer) => importBvuCsv(db, file),
  };
}

export type BvuMembersService = ReturnType<typeof createBvuMembersService>;
