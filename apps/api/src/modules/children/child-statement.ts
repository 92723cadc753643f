// A child's yearly statement of sport expenses (docs/school.md#receipts-and-reports): the payments of the
// year for the child's enrolments as the ledger holds them (what each payment still has paid, refunds
// taken off), for the parent's 19 % deduction. Only the parent reaches it: another's child is not found.
import { PAYMENT_METHOD_LABELS, receiptNumber, SPORT_LABELS } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/errors.js';
import { todayInRome, toIsoDate, yearInRome } from '../../lib/time.js';
import { letterheadOf, readAssociation } from '../association/index.js';
import { accounts, settlementsOn } from '../ledger/index.js';
import { enrolmentCausale, isTraceable, memberFiscalCode } from '../receipts/index.js';
import { childrenApiMessages } from './children-messages.js';
import { renderStatementPdf, type StatementLine } from './statement-pdf.js';

/** Money payments that took money in (a refund is a document of its own, counted through the ledger). */
const PAID = { type: 'payment', status: { in: ['completed', 'refunded', 'partially_refunded'] } } satisfies Prisma.TransactionWhereInput;

export function createChildStatement({ db }: Pick<AppDeps, 'db'>) {
  /** Every payment for the child's enrolments, each with what it still has paid; the parent's own child only. */
  async function linesOf(parentId: number, childId: number) {
    const child = await db.child.findFirst({ where: { id: childId, parentId }, include: { parent: true } });
    if (!child) throw notFound(childrenApiMessages.notFound);
    const enrolments = await db.courseEnrolment.findMany({ where: { childId }, include: { course: { select: { name: true, sport: true, offer: true } } } });
    const byId = new Map(enrolments.map((enrolment) => [enrolment.id, enrolment]));
    const settlements = await settlementsOn(db, enrolments.map((enrolment) => accounts.enrolment(enrolment.id)));
    const payments = await db.transaction.findMany({ where: { ...PAID, enrolmentId: { in: [...byId.keys()] } }, include: { receipt: true }, orderBy: [{ paidAt: 'asc' }, { id: 'asc' }] });
    const creditEntries = await db.ledgerEntry.findMany({
      where: { id: { in: settlements.flatMap((settlement) => (settlement.source === 'credit' ? [settlement.entryId] : [])) } },
      select: { id: true, createdAt: true, enrolmentId: true },
    });
    const lines: (StatementLine & { year: number })[] = [];
    for (const paid of payments) {
      const still = settlements.find((settlement) => settlement.source === 'money' && settlement.transactionId === paid.id)?.total ?? 0;
      const at = paid.paidAt ?? paid.createdAt;
      lines.push({
        year: yearInRome(at),
        paidOn: todayInRome(at),
        causale: enrolmentCausale({ ...byId.get(paid.enrolmentId!)!, child: null }),
        sport: SPORT_LABELS[byId.get(paid.enrolmentId!)!.course.sport],
        paidCents: paid.amountCents,
        netCents: still,
        method: PAYMENT_METHOD_LABELS[paid.method],
        traceable: isTraceable(paid.method),
        receipt: paid.receipt ? receiptNumber(paid.receipt.year, paid.receipt.number) : null,
      });
    }
    // Credit spent on an enrolment: prepaid money (its top-up had its own receipt), never traceable here.
    for (const settlement of settlements) {
      if (settlement.source !== 'credit') continue;
      const entry = creditEntries.find((row) => row.id === settlement.entryId)!;
      const enrolment = byId.get(entry.enrolmentId!)!;
      lines.push({
        year: yearInRome(entry.createdAt),
        paidOn: todayInRome(entry.createdAt),
        causale: enrolmentCausale({ ...enrolment, child: null }),
        sport: SPORT_LABELS[enrolment.course.sport],
        paidCents: settlement.total,
        netCents: settlement.total,
        method: 'Credito prepagato',
        traceable: false,
        receipt: null,
      });
    }
    return { child, lines: lines.sort((a, b) => a.paidOn.localeCompare(b.paidOn)) };
  }

  return {
    async years(parentId: number, childId: number) {
      const { lines } = await linesOf(parentId, childId);
      return { years: [...new Set(lines.map((line) => line.year))].sort((a, b) => b - a) };
    },

    async pdf(parentId: number, childId: number, year: number) {
      const { child, lines } = await linesOf(parentId, childId);
      const association = await readAssociation(db);
      const pdf = await renderStatementPdf({
        issuer: letterheadOf(association),
        year,
        issuedOn: todayInRome(),
        child: { name: `${child.firstName} ${child.lastName}`, birthDate: toIsoDate(child.birthDate), fiscalCode: child.fiscalCode },
        payer: { name: `${child.parent.firstName} ${child.parent.lastName}`, fiscalCode: await memberFiscalCode(db, parentId) },
        lines: lines.filter((line) => line.year === year),
      });
      return { file: pdf, filename: `dichiarazione-${year}-${child.firstName}-${child.lastName}.pdf`.toLowerCase().replace(/[^a-z0-9.-]+/g, '-') };
    },
  };
}

export type ChildStatement = ReturnType<typeof createChildStatement>;
