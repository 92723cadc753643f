// The table from ledger accounts to the schemes' lines (docs/annual-accounts.md#the-mapping): the migration
// seeds the defaults, the admin (with the accountant) changes a row's lines and whether its income is
// commercial; each change is audited.
import { BANK_CATEGORY_LABELS, type TAccountsMapping, type TAccountsMappingBody, type TBankCategory } from '@beach/contracts';
import type { AnnualAccountMapping } from '../../generated/prisma/client.js';
import type { LedgerAccountKind } from '../../generated/prisma/enums.js';
import { auditRow } from '../../lib/audit.js';
import { type Db, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';

const ACCOUNT_LABELS: Record<LedgerAccountKind, string> = {
  stripe_clearing: 'Stripe',
  till: 'Cassa del banco',
  bank: 'Banca',
  disputes: 'Pagamenti contestati',
  billed: 'Da incassare (contropartita)',
  revenue_membership: 'Ricavi delle tessere',
  revenue_booking: 'Ricavi delle prenotazioni dei campi',
  revenue_extra: 'Altri ricavi (tornei, entrate varie)',
  revenue_school: 'Ricavi della scuola e dei corsi',
  adjustments: 'Rettifiche',
  expenses: 'Spese',
  booking_receivable: 'Prenotazioni da incassare',
  share_receivable: 'Quote di prenotazioni divise',
  membership_receivable: 'Tessere da incassare',
  enrolment_receivable: 'Iscrizioni ai corsi da incassare',
  tournament_receivable: 'Quote dei tornei da incassare',
  member_debt: 'Debiti dei soci',
  credit_funded: 'Credito versato dai soci',
  credit_promo: 'Credito regalato',
  carnet: 'Carnet',
  refund_payable: 'Rimborsi da restituire',
};
const PAYER_LABELS = { member: 'soci', non_member: 'non soci' } as const;

function accountLabel(row: AnnualAccountMapping): string {
  const category = row.category ? ` · ${BANK_CATEGORY_LABELS[row.category as TBankCategory] ?? row.category}` : '';
  const payer = row.payer ? ` (${PAYER_LABELS[row.payer as keyof typeof PAYER_LABELS]})` : '';
  return `${ACCOUNT_LABELS[row.accountKind]}${category}${payer}`;
}

const toDto = (row: AnnualAccountMapping): TAccountsMapping => ({
  id: row.id,
  account_kind: row.accountKind,
  account: accountLabel(row),
  category: row.category,
  payer: row.payer as TAccountsMapping['payer'],
  cash_line: row.cashLine,
  accrual_line: row.accrualLine,
  commercial: row.commercial,
});

export const listMappings = async (db: Db): Promise<TAccountsMapping[]> =>
  (await db.annualAccountMapping.findMany({ orderBy: [{ accountKind: 'asc' }, { category: 'asc' }, { payer: 'asc' }] })).map(toDto);

export const saveMapping = (db: Db, id: number, body: TAccountsMappingBody): Promise<TAccountsMapping> =>
  db.$transaction(async (tx) => {
    if (!(await tx.annualAccountMapping.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Voce della tabella non trovata.');
    const row = await auditRow(tx, { entity: 'annual_account_mappings', id, action: 'update' }, () =>
      tx.annualAccountMapping.update({ where: { id }, data: { cashLine: body.cash_line, accrualLine: body.accrual_line, commercial: body.commercial } }),
    );
    return toDto(row);
  }, TRANSACTION_OPTIONS);
