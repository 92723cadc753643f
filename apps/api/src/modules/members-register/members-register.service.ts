// The members' register (libro soci): the cards of a season that were activated (admitted members),
// in the order of admission, with the personal data the register needs. The birth place is read from
// the fiscal code, which encodes it; a member without it (or whose place cannot be read) is flagged.
import { type api, MEMBERSHIP_TYPE_LABELS, type QueryOf, type TMembersRegisterRow } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../lib/db.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { writeCsv } from '../../lib/csv.js';
import { formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { todayInRome, toIsoDate, yearInRome } from '../../lib/time.js';
import { letterheadOf, readAssociation } from '../association/index.js';
import { birthPlaceOf } from '../memberships/index.js';
import { renderMembersRegisterPdf } from './members-register-pdf.js';

type Filter = QueryOf<typeof api.membersRegister.csv>;
type Query = QueryOf<typeof api.membersRegister.list>;

const WITH_MEMBER = { user: { select: { firstName: true, lastName: true, birthDate: true, residence: true } } } as const;
type Row = Prisma.MembershipGetPayload<{ include: typeof WITH_MEMBER }>;

/** Admission order: when the card was activated; cards recorded without that time by their first day. */
const ADMISSION_ORDER: Prisma.MembershipOrderByWithRelationInput[] = [{ activatedAt: { sort: 'asc', nulls: 'first' } }, { startDate: 'asc' }, { id: 'asc' }];

function seasonWhere({ season, search }: Filter): { season: number; where: Prisma.MembershipWhereInput } {
  const year = season ?? yearInRome();
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  return {
    season: year,
    where: {
      status: { in: ['active', 'expired'] },
      startDate: { gte: new Date(`${year}-01-01T00:00:00Z`), lte: new Date(`${year}-12-31T00:00:00Z`) },
      AND: words.map((word) => ({
        OR: [
          { user: { lastName: { contains: word, mode: 'insensitive' as const } } },
          { user: { firstName: { contains: word, mode: 'insensitive' as const } } },
          { fiscalCode: { contains: word.toUpperCase() } },
          { membershipNumber: { contains: word.toUpperCase() } },
        ],
      })),
    },
  };
}

/** The cards of `where` whose holder the register cannot name fully: no fiscal code, or one whose place of birth cannot be read. */
async function missingDataWhere(db: Db, where: Prisma.MembershipWhereInput): Promise<Prisma.MembershipWhereInput> {
  const coded = await db.membership.findMany({ where: { AND: [where, { fiscalCode: { not: null } }] }, select: { fiscalCode: true }, distinct: ['fiscalCode'] });
  const unreadable = coded.map((card) => card.fiscalCode!).filter((code) => birthPlaceOf(code) === null);
  return { AND: [where, { OR: [{ fiscalCode: null }, { fiscalCode: { in: unreadable } }] }] };
}

/** The season's cards of the search, and those of them the data filter keeps. */
async function whereOf(db: Db, filter: Filter) {
  const { season, where: all } = seasonWhere(filter);
  const missing = await missingDataWhere(db, all);
  return { season, all, missing, where: filter.data === 'missing' ? missing : all };
}

const missingOf = (fiscalCode: string | null, birthPlace: string | null): TMembersRegisterRow['missing'] =>
  fiscalCode === null ? ['fiscal_code', 'birth_place'] : birthPlace === null ? ['birth_place'] : [];

const toRow = (card: Row): TMembersRegisterRow => ({
  membership_id: card.id,
  card_number: card.membershipNumber,
  admitted_on: card.activatedAt ? todayInRome(card.activatedAt) : toIsoDate(card.startDate),
  last_name: card.user.lastName,
  first_name: card.user.firstName,
  birth_date: card.user.birthDate ? toIsoDate(card.user.birthDate) : null,
  birth_place: card.fiscalCode ? birthPlaceOf(card.fiscalCode) : null,
  fiscal_code: card.fiscalCode,
  residence: card.user.residence,
  missing: missingOf(card.fiscalCode, card.fiscalCode ? birthPlaceOf(card.fiscalCode) : null),
  card_type: card.type,
  is_bvu_member: card.isBvuMember,
  ends_on: toIsoDate(card.endDate),
});

export function createMembersRegisterService({ db }: Pick<AppDeps, 'db'>) {
  const allRows = async (filter: Filter) => {
    const { season, where } = await whereOf(db, filter);
    const cards = await db.membership.findMany({ where, include: WITH_MEMBER, orderBy: ADMISSION_ORDER });
    return { season, rows: cards.map(toRow) };
  };

  return {
    async list(query: Query) {
      const { season, where, all, missing } = await whereOf(db, query);
      const [cards, total, members, missingData] = await Promise.all([
        db.membership.findMany({ where, include: WITH_MEMBER, orderBy: ADMISSION_ORDER, ...skipTake(query) }),
        db.membership.count({ where }),
        db.membership.count({ where: all }),
        db.membership.count({ where: missing }),
      ]);
      return { ...pagedList(cards.map(toRow), total, query), season, members, missing_data: missingData };
    },

    async csv(filter: Filter) {
      const { season, rows } = await allRows(filter);
      const date = (value: string | null) => (value ? formatItalianDate(value) : null);
      const csv = writeCsv(
        ['N.', 'Numero tessera', 'Data di ammissione', 'Cognome', 'Nome', 'Data di nascita', 'Luogo di nascita', 'Codice fiscale', 'Residenza', 'Tipo di tessera', 'Data di cessazione'],
        rows.map((row, index) => [
          String(index + 1),
          row.card_number,
          date(row.admitted_on),
          row.last_name,
          row.first_name,
          date(row.birth_date),
          row.birth_place,
          row.fiscal_code,
          row.residence,
          row.is_bvu_member ? 'Stagionale BVU' : MEMBERSHIP_TYPE_LABELS[row.card_type],
          date(row.ends_on),
        ]),
      );
      return { season, csv };
    },

    async pdf(filter: Filter) {
      const [{ season, rows }, association] = await Promise.all([allRows(filter), readAssociation(db)]);
      return { season, file: await renderMembersRegisterPdf(letterheadOf(association), season, rows) };
    },
  };
}
export type MembersRegisterService = ReturnType<typeof createMembersRegisterService>;
