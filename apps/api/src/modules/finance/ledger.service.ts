// Expenses and extra income (docs/domain.md#finance): dated amounts in cents with a category, a
// description and a method (expenses also name the supplier). Lists with filters, the total of the whole
// filter and the categories in use; create, edit and delete. Each is money that moved, so each row has its
// entry in the ledger, dated on its day; an edit reverses the row's entry and posts it anew, a deletion
// reverses it.
import { type api, type BodyOf, centsToMoney, type QueryOf, type TExpense, type TIncome, type z, type ZLedgerFilter } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import type { Expense, Income } from '../../generated/prisma/client.js';
import { missingAs, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { accounts, type AccountRef, credit, debit, post, reverse, type Sql } from '../ledger/index.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { fromIsoDate, instantInRome, toIsoDate } from '../../lib/time.js';

type Filter = z.output<typeof ZLedgerFilter>;
type ListQuery = QueryOf<typeof api.expenses.list>;
type IncomeBody = BodyOf<typeof api.incomes.create>;
type ExpenseBody = BodyOf<typeof api.expenses.create>;

export const LEDGER_MESSAGES = {
  expenseNotFound: 'Spesa non trovata.',
  expenseCreated: 'Spesa registrata.',
  expenseUpdated: 'Spesa aggiornata.',
  expenseDeleted: 'Spesa eliminata.',
  incomeNotFound: 'Incasso non trovato.',
  incomeCreated: 'Incasso registrato.',
  incomeUpdated: 'Incasso aggiornato.',
  incomeDeleted: 'Incasso eliminato.',
} as const;

type SearchField = 'description' | 'category' | 'supplier';

/** A condition both ledgers understand. */
type LedgerWhere = Prisma.ExpenseWhereInput & Prisma.IncomeWhereInput;

/** The filter over either ledger (an income has no supplier to search). */
function ledgerWhere(filter: Filter, searchFields: SearchField[]): LedgerWhere {
  const conditions: LedgerWhere[] = [];
  if (filter.date_from) conditions.push({ date: { gte: fromIsoDate(filter.date_from) } });
  if (filter.date_to) conditions.push({ date: { lte: fromIsoDate(filter.date_to) } });
  if (filter.category) conditions.push({ category: { equals: filter.category, mode: 'insensitive' } });
  if (filter.payment_method) conditions.push({ paymentMethod: filter.payment_method });
  for (const word of filter.search?.split(/\s+/).filter(Boolean) ?? []) {
    conditions.push({ OR: searchFields.map((field) => ({ [field]: { contains: word, mode: 'insensitive' } })) });
  }
  return { AND: conditions };
}

const ORDER = [{ date: 'desc' }, { id: 'desc' }] as const satisfies Prisma.ExpenseOrderByWithRelationInput[];

const toIncomeDto = (income: Income): TIncome => ({
  id: income.id,
  date: toIsoDate(income.date),
  category: income.category,
  description: income.description,
  amount: centsToMoney(income.amountCents),
  payment_method: income.paymentMethod,
  created_at: income.createdAt.toISOString(),
});
const toExpenseDto = (expense: Expense): TExpense => ({ ...toIncomeDto(expense), supplier: expense.supplier });

const incomeData = (body: IncomeBody) => ({
  date: fromIsoDate(body.date),
  category: body.category,
  description: body.description,
  amountCents: body.amount,
  paymentMethod: body.payment_method,
});

/** Where the money of an extra income or an expense is: the desk's till by method, else the association's bank. */
const moneyOf = (method: PaymentMethod | null): AccountRef => (method && method !== 'stripe' ? accounts.till(method) : accounts.bank);
/** The instant a dated amount is counted at: its Rome midnight. */
const romeDay = (date: Date) => instantInRome(toIsoDate(date), '00:00');

type Dated = { id: number; date: Date; amountCents: number; paymentMethod: PaymentMethod | null; description: string };

/**
 * The ledger's side of a row of expenses or extra income: its entry now (the previous one reversed
 * first, if the row was posted before); `gone` only reverses.
 */
async function repost(tx: Sql, what: 'expense' | 'income', row: Dated, userId: number | null, gone = false) {
  const [last] = await tx.$queryRaw<{ id: number; version: number }[]>`
    SELECT id, count(*) OVER ()::int AS version FROM ledger_entries WHERE key LIKE ${`${what}:${row.id}:%`} AND kind <> 'reversal' ORDER BY id DESC LIMIT 1`;
  if (last) await reverse(tx, last.id, { key: `${what}:${row.id}:reversal:${last.id}`, kind: 'reversal', createdById: userId, description: gone ? 'Eliminato' : 'Modificato' });
  if (gone) return;
  const at = romeDay(row.date);
  const [account, other] = what === 'expense' ? [accounts.expenses, moneyOf(row.paymentMethod)] : [moneyOf(row.paymentMethod), accounts.revenue('extra')];
  await post(tx, {
    key: `${what}:${row.id}:${(last?.version ?? 0) + 1}`,
    kind: what === 'expense' ? 'expense' : 'extra_income',
    effectiveAt: at,
    createdById: userId,
    description: row.description,
    legs: [debit(account, row.amountCents), credit(other, row.amountCents)],
  });
}

export function createExpensesService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: ListQuery) {
      const where = ledgerWhere(query, ['description', 'category', 'supplier']);
      const [total, rows, sum, categories] = await Promise.all([
        db.expense.count({ where }),
        db.expense.findMany({ where, orderBy: [...ORDER], ...skipTake(query) }),
        db.expense.aggregate({ where, _sum: { amountCents: true } }),
        db.expense.findMany({ distinct: ['category'], select: { category: true }, orderBy: { category: 'asc' } }),
      ]);
      return { ...pagedList(rows.map(toExpenseDto), total, query), total_amount: centsToMoney(sum._sum.amountCents ?? 0), categories: categories.map((row) => row.category) };
    },
    async create(userId: number, body: ExpenseBody) {
      const expense = await db.$transaction(async (tx) => {
        const created = await auditRow(tx, { entity: 'expenses', action: 'create' }, () =>
          tx.expense.create({ data: { ...incomeData(body), supplier: body.supplier, createdById: userId } }),
        );
        await repost(tx, 'expense', created, userId);
        return created;
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.expenseCreated, expense: toExpenseDto(expense) };
    },
    async update(userId: number, id: number, body: ExpenseBody) {
      const expense = await db.$transaction(async (tx) => {
        const updated = await auditRow(tx, { entity: 'expenses', id, action: 'update' }, () =>
          tx.expense.update({ where: { id }, data: { ...incomeData(body), supplier: body.supplier } }).catch(missingAs(LEDGER_MESSAGES.expenseNotFound)),
        );
        await repost(tx, 'expense', updated, userId);
        return updated;
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.expenseUpdated, expense: toExpenseDto(expense) };
    },
    async remove(userId: number, id: number) {
      await db.$transaction(async (tx) => {
        const deleted = await auditRow(tx, { entity: 'expenses', id, action: 'delete' }, () =>
          tx.expense.delete({ where: { id } }).catch(missingAs(LEDGER_MESSAGES.expenseNotFound)),
        );
        await repost(tx, 'expense', deleted, userId, true);
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.expenseDeleted };
    },
  };
}

export function createIncomesService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: ListQuery) {
      const where = ledgerWhere(query, ['description', 'category']);
      const [total, rows, sum, categories] = await Promise.all([
        db.income.count({ where }),
        db.income.findMany({ where, orderBy: [...ORDER], ...skipTake(query) }),
        db.income.aggregate({ where, _sum: { amountCents: true } }),
        db.income.findMany({ distinct: ['category'], select: { category: true }, orderBy: { category: 'asc' } }),
      ]);
      return { ...pagedList(rows.map(toIncomeDto), total, query), total_amount: centsToMoney(sum._sum.amountCents ?? 0), categories: categories.map((row) => row.category) };
    },
    async create(userId: number, body: IncomeBody) {
      const income = await db.$transaction(async (tx) => {
        const created = await auditRow(tx, { entity: 'incomes', action: 'create' }, () =>
          tx.income.create({ data: { ...incomeData(body), createdById: userId } }),
        );
        await repost(tx, 'income', created, userId);
        return created;
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.incomeCreated, income: toIncomeDto(income) };
    },
    async update(userId: number, id: number, body: IncomeBody) {
      const income = await db.$transaction(async (tx) => {
        const updated = await auditRow(tx, { entity: 'incomes', id, action: 'update' }, () =>
          tx.income.update({ where: { id }, data: incomeData(body) }).catch(missingAs(LEDGER_MESSAGES.incomeNotFound)),
        );
        await repost(tx, 'income', updated, userId);
        return updated;
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.incomeUpdated, income: toIncomeDto(income) };
    },
    async remove(userId: number, id: number) {
      await db.$transaction(async (tx) => {
        const deleted = await auditRow(tx, { entity: 'incomes', id, action: 'delete' }, () =>
          tx.income.delete({ where: { id } }).catch(missingAs(LEDGER_MESSAGES.incomeNotFound)),
        );
        await repost(tx, 'income', deleted, userId, true);
      }, TRANSACTION_OPTIONS);
      return { message: LEDGER_MESSAGES.incomeDeleted };
    },
  };
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
export type IncomesService = ReturnType<typeof createIncomesService>;
