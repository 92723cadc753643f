// Expenses and extra income (docs/domain.md#finance): the same ledger twice — dated amounts in cents with a
// category, a description and a method (expenses also name the supplier). Lists with filters, the
// total of the whole filter and the categories in use; create, edit and delete.
import { type api, type BodyOf, centsToMoney, type QueryOf, type TExpense, type TIncome, type z, type ZLedgerFilter } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Expense, Income } from '../../generated/prisma/client.js';
import { missingAs, type Prisma } from '../../lib/db.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { fromIsoDate, toIsoDate } from '../../lib/time.js';

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
      const expense = await db.expense.create({ data: { ...incomeData(body), supplier: body.supplier, createdById: userId } });
      return { message: LEDGER_MESSAGES.expenseCreated, expense: toExpenseDto(expense) };
    },
    async update(id: number, body: ExpenseBody) {
      const expense = await db.expense.update({ where: { id }, data: { ...incomeData(body), supplier: body.supplier } }).catch(missingAs(LEDGER_MESSAGES.expenseNotFound));
      return { message: LEDGER_MESSAGES.expenseUpdated, expense: toExpenseDto(expense) };
    },
    async remove(id: number) {
      await db.expense.delete({ where: { id } }).catch(missingAs(LEDGER_MESSAGES.expenseNotFound));
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
      const income = await db.income.create({ data: { ...incomeData(body), createdById: userId } });
      return { message: LEDGER_MESSAGES.incomeCreated, income: toIncomeDto(income) };
    },
    async update(id: number, body: IncomeBody) {
      const income = await db.income.update({ where: { id }, data: incomeData(body) }).catch(missingAs(LEDGER_MESSAGES.incomeNotFound));
      return { message: LEDGER_MESSAGES.incomeUpdated, income: toIncomeDto(income) };
    },
    async remove(id: number) {
      await db.income.delete({ where: { id } }).catch(missingAs(LEDGER_MESSAGES.incomeNotFound));
      return { message: LEDGER_MESSAGES.incomeDeleted };
    },
  };
}
