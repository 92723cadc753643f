// The bank screen's service (docs/annual-accounts.md#the-bank): the account (IBAN, holder), the CSV columns,
// the statement's lines with their state, confirming a proposal, assigning a line to a category (remembered
// for its counterparty); and, for members, how to pay an amount due by transfer.
import { BANK_CATEGORY_LABELS, centsToMoney, defineMessages, type TBankAccountBody, type TBankCategory, type TBankCsvMapping, type TBankLine, type TBankOverview, ZBankCsvMapping } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { BankLine, User } from '../../generated/prisma/client.js';
import { audit, auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { toIsoDate } from '../../lib/time.js';
import { associationAccount, type Owed, transferTo } from '../bank-transfer/index.js';
import { accounts, debtOf, owedOne } from '../ledger/index.js';
import { bankBalance, postAssigned } from './bank-ledger.js';
import { createAmountsDue } from './amounts-due.js';
import { createBankMatching, type TransferPayers } from './matching.js';
import { createStatementImport } from './statement-import.js';

export const bankServiceMessages = defineMessages({
  noTransfers: /* i18n */ { id: 'api.bank.no_transfers', message: 'Il pagamento con bonifico non è ancora disponibile: paga con la carta o in segreteria.' },
  nothingDue: /* i18n */ { id: 'api.bank.nothing_due', message: 'Non c’è nulla da pagare.' },
  enrolmentNotFound: /* i18n */ { id: 'api.bank.enrolment_not_found', message: 'Iscrizione non trovata.' },
  membershipNotFound: /* i18n */ { id: 'api.bank.membership_not_found', message: 'Tessera non trovata.' },
  entryNotFound: /* i18n */ { id: 'api.bank.entry_not_found', message: 'Iscrizione al torneo non trovata.' },
});

const MESSAGES = {
  accountSaved: 'Conto salvato.',
  mappingSaved: 'Colonne del CSV salvate.',
  lineNotFound: 'Movimento non trovato.',
  lineDone: 'Questo movimento è già abbinato o assegnato: ricarica la pagina.',
  proposalStale: 'L’abbinamento proposto non corrisponde più a quanto dovuto: il movimento resta da abbinare.',
  noAccount: 'Imposta prima l’IBAN del conto dell’associazione.',
};

const counterpartyKey = (name: string) => name.trim().toUpperCase().replace(/\s+/g, ' ').slice(0, 140);

export function createBankService(deps: Pick<AppDeps, 'db' | 'stripe'>, payers: TransferPayers) {
  const { db } = deps;
  const { enrolments } = payers;
  const matching = createBankMatching(deps, payers);
  const importStatement = createStatementImport(deps, matching);

  async function lineDto(line: BankLine, remembered: Map<string, string>): Promise<TBankLine> {
    return {
      id: line.id, booked_on: line.bookedOn.toISOString().slice(0, 10), amount: centsToMoney(line.amountCents), counterparty: line.counterparty, remittance: line.remittance,
      creditor_reference: line.creditorReference, state: line.state as TBankLine['state'],
      match: line.state === 'matched' || line.state === 'proposed' ? (line.note ?? line.matchTarget) : null,
      category: line.category as TBankCategory | null,
      suggested_category: (remembered.get(counterpartyKey(line.counterparty)) as TBankCategory | undefined) ?? null,
      note: line.state === 'open' ? line.note : null,
    };
  }

  async function lineOf(id: number) {
    const line = await db.bankLine.findUnique({ where: { id } });
    if (!line) throw notFound(MESSAGES.lineNotFound);
    return line;
  }

  async function oneDto(id: number) {
    const line = await lineOf(id);
    const remembered = await db.bankCounterpartyCategory.findMany({ where: { counterparty: counterpartyKey(line.counterparty) } });
    return lineDto(line, new Map(remembered.map((row) => [row.counterparty, row.category])));
  }

  async function accountOrRefuse() {
    const account = await associationAccount(db);
    if (!account) throw new AppError(409, bankServiceMessages.noTransfers);
    return account;
  }

  async function detailsOf(owed: Owed, cents: number) {
    const details = await transferTo(db, owed, cents);
    if (!details) throw new AppError(409, bankServiceMessages.noTransfers);
    return details;
  }

  return {
    importStatement,
    amountsDue: createAmountsDue(deps, payers),

    async overview(state?: TBankLine['state']): Promise<TBankOverview> {
      const settings = await db.setting.findUnique({ where: { id: 1 } });
      const iban = settings?.bankIban ?? null;
      const where = { iban: iban ?? '', ...(state ? { state } : {}) };
      const [lines, last, statements, remembered, csvMapping] = await Promise.all([
        db.bankLine.findMany({ where, orderBy: [{ bookedOn: 'desc' }, { id: 'desc' }], take: 500 }),
        db.bankStatement.findFirst({ where: { iban: iban ?? '', closingCents: { not: null } }, orderBy: [{ toDate: 'desc' }, { id: 'desc' }] }),
        db.bankStatement.count({ where: { iban: iban ?? '' } }),
        db.bankCounterpartyCategory.findMany(),
        iban ? db.bankCsvMapping.findUnique({ where: { iban } }) : null,
      ]);
      const categories = new Map(remembered.map((row) => [row.counterparty, row.category]));
      const closingDate = last?.toDate ? toIsoDate(last.toDate) : null;
      return {
        iban, holder: settings?.bankHolder ?? null,
        closing_balance: last?.closingCents == null ? null : centsToMoney(last.closingCents),
        closing_date: closingDate,
        ledger_balance: centsToMoney(iban ? await bankBalance(db, iban) : 0),
        ledger_balance_at_closing: iban && closingDate ? centsToMoney(await bankBalance(db, iban, closingDate)) : null,
        statements,
        csv_mapping: csvMapping ? ZBankCsvMapping.parse(csvMapping.mapping) : null,
        lines: await Promise.all(lines.map((line) => lineDto(line, categories))),
      };
    },

    async saveAccount({ iban, holder }: TBankAccountBody & { iban: string }) {
      await db.$transaction(async (tx) => {
        const before = await tx.setting.findUnique({ where: { id: 1 }, select: { bankIban: true, bankHolder: true } });
        await tx.setting.upsert({ where: { id: 1 }, create: { id: 1, bankIban: iban, bankHolder: holder }, update: { bankIban: iban, bankHolder: holder } });
        await audit(tx, { entity: 'settings', id: null, action: 'update', before, after: { bankIban: iban, bankHolder: holder } });
      }, TRANSACTION_OPTIONS);
      return { message: MESSAGES.accountSaved };
    },

    async saveCsvMapping(mapping: TBankCsvMapping) {
      const { iban } = await accountOrRefuse().catch(() => Promise.reject(new AppError(409, MESSAGES.noAccount)));
      await db.$transaction(async (tx) => {
        await tx.bankCsvMapping.upsert({ where: { iban }, create: { iban, mapping }, update: { mapping } });
        await audit(tx, { entity: 'settings', id: null, action: 'update', after: { bankCsvMapping: mapping } });
      }, TRANSACTION_OPTIONS);
      return { message: MESSAGES.mappingSaved };
    },

    async confirm(staff: User, id: number) {
      const line = await lineOf(id);
      if (line.state !== 'proposed') throw new AppError(409, MESSAGES.lineDone);
      if (!(await matching.confirm(staff, line))) {
        await db.bankLine.update({ where: { id }, data: { state: 'open', matchKind: null, matchTarget: null, note: MESSAGES.proposalStale } });
        throw new AppError(409, MESSAGES.proposalStale);
      }
      return oneDto(id);
    },

    /** Two clicks: the line to its category's account, and its counterparty remembered with that category. */
    async assign(staff: User, id: number, category: TBankCategory) {
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM bank_lines WHERE id = ${id} FOR UPDATE`;
        const line = await tx.bankLine.findUnique({ where: { id } });
        if (!line) throw notFound(MESSAGES.lineNotFound);
        if (line.state === 'matched' || line.state === 'assigned') throw new AppError(409, MESSAGES.lineDone);
        await postAssigned(tx, line, category, staff.id, `${BANK_CATEGORY_LABELS[category]} · ${line.counterparty || line.remittance}`.slice(0, 200));
        await auditRow(tx, { entity: 'bank_lines', id, action: 'update' }, () =>
          tx.bankLine.update({ where: { id }, data: { state: 'assigned', category, matchKind: 'category', matchTarget: null, note: null, matchedById: staff.id, matchedAt: new Date() } }),
        );
        const counterparty = counterpartyKey(line.counterparty);
        if (counterparty) await tx.bankCounterpartyCategory.upsert({ where: { counterparty }, create: { counterparty, category }, update: { category } });
      }, TRANSACTION_OPTIONS);
      return oneDto(id);
    },

    /** The next instalment of one of the member's enrolments (theirs or their child's), by transfer. */
    async enrolmentTransfer(user: User, id: number) {
      if (!(await db.courseEnrolment.findFirst({ where: { id, userId: user.id, status: { in: ['pending_payment', 'confirmed'] } } }))) throw notFound(bankServiceMessages.enrolmentNotFound);
      const due = await enrolments.dueOf(id);
      if (!due) throw new AppError(409, bankServiceMessages.nothingDue);
      return detailsOf({ kind: 'enrolment', id, seq: due.seq }, due.cents);
    },

    /** A card of the member's waiting for its payment: what it owes, by transfer. */
    async membershipTransfer(user: User, id: number) {
      if (!(await db.membership.findFirst({ where: { id, userId: user.id, status: 'pending' } }))) throw notFound(bankServiceMessages.membershipNotFound);
      const owed = await owedOne(db, accounts.membership(id));
      if (owed <= 0) throw new AppError(409, bankServiceMessages.nothingDue);
      return detailsOf({ kind: 'membership', id }, owed);
    },

    /** The member's own part of a tournament entry still owed, by transfer. */
    async tournamentTransfer(user: User, entryId: number) {
      const player = await db.tournamentPlayer.findFirst({ where: { entryId, userId: user.id, withdrawnAt: null, entry: { status: { in: ['pending', 'confirmed'] } } } });
      if (!player) throw notFound(bankServiceMessages.entryNotFound);
      const owed = await owedOne(db, accounts.tournamentPlayer(player.id));
      if (owed <= 0) throw new AppError(409, bankServiceMessages.nothingDue);
      return detailsOf({ kind: 'tournament', playerId: player.id }, owed);
    },

    async debtTransfer(user: User) {
      const owed = await debtOf(db, user.id);
      if (owed <= 0) throw new AppError(409, bankServiceMessages.nothingDue);
      return detailsOf({ kind: 'debt', userId: user.id }, owed);
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
