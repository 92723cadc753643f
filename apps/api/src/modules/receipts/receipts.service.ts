// Receipts (ricevute) and refund notes (docs/domain.md#receipts). The database numbers them when a payment
// or refund completes (a deferred trigger, gapless per year) and dates them by the payment; this service
// writes each one's PDF once — by the minute job, or at the first download, whichever comes first — and
// serves the stored bytes from then on, so a receipt never changes once issued.
import {
  ageOn,
  centsToMoney,
  PAYMENT_METHOD_LABELS,
  RECEIPT_KIND_LABELS,
  RECEIPT_MESSAGES,
  receiptNumber,
  SPORT_LABELS,
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  type TReceipt,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import type { Locale } from '../../lib/i18n.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { letterheadOf, readAssociation } from '../association/index.js';
import { isStaff } from '../auth/index.js';
import { describe, recordsOf, WITH_TRANSACTION, type ReceiptRow } from './receipt-description.js';
import { renderReceiptPdf, type ReceiptPdfData } from './receipt-pdf.js';
import { DEDUCTION_WORDING, inDeductionAges, traceabilityOf } from './sport-deduction.js';

/** A receipt as its holder reads it in `locale` (Italian for staff and the other modules' reads). */
export const toReceiptDto = (receipt: ReceiptRow, locale: Locale = 'it'): TReceipt => {
  const { transaction } = receipt;
  const { membership, booking, share, carnet } = recordsOf(transaction);
  return {
    id: receipt.id,
    kind: receipt.kind,
    number: receiptNumber(receipt.year, receipt.number),
    issued_at: receipt.issuedAt.toISOString(),
    amount: centsToMoney(transaction.amountCents),
    method: transaction.method,
    transaction_id: receipt.transactionId,
    for: transaction.kind,
    description: describe(transaction, locale),
    membership_id: membership?.id ?? null,
    booking_id: booking?.id ?? share?.bookingId ?? null,
    booking_player_id: share?.id ?? null,
    carnet_id: carnet?.id ?? null,
    refers_to: receipt.refersTo ? receiptNumber(receipt.refersTo.year, receipt.refersTo.number) : null,
  };
};

/** Every receipt and refund note of payments `where` selects, newest first. */
export async function receiptsOf(db: Db, where: Prisma.TransactionWhereInput, locale: Locale = 'it'): Promise<TReceipt[]> {
  const rows = await db.receipt.findMany({ where: { transaction: where }, include: WITH_TRANSACTION, orderBy: [{ year: 'desc' }, { number: 'desc' }] });
  return rows.map((row) => toReceiptDto(row, locale));
}

export async function receiptOfTransaction(db: Db, transactionId: number): Promise<TReceipt | null> {
  const row = await db.receipt.findUnique({ where: { transactionId }, include: WITH_TRANSACTION });
  return row ? toReceiptDto(row) : null;
}

const MEMBERSHIP_FEE = 'Quota associativa: provento istituzionale, non commerciale (art. 148 TUIR)';
/** An activity fee from a member is not commercial income; from anyone else it is (docs/domain.md#receipts). */
const activityFee = (member: boolean) => (member ? 'Corrispettivo specifico versato da un socio: non commerciale (art. 148, comma 3, TUIR)' : 'Corrispettivo versato da un non socio: provento commerciale');
/** Receipts the minute job writes per batch. */
const RENDER_BATCH = 50;

export function createReceiptsService({ db, storage, logger }: Pick<AppDeps, 'db' | 'storage' | 'logger'>) {
  /** What the PDF says, read as the database holds it when the PDF is first written (on the writer's own connection). */
  async function pdfData(tx: Prisma.TransactionClient, id: number): Promise<ReceiptPdfData> {
    const receipt = await tx.receipt.findUniqueOrThrow({ where: { id }, include: { ...WITH_TRANSACTION, transaction: { include: { ...WITH_TRANSACTION.transaction.include, user: { include: { consents: true } } } } } });
    const { transaction } = receipt;
    const { user } = transaction;
    const { membership, booking, share, enrolment } = recordsOf(transaction);
    const paidOn = todayInRome(transaction.paidAt ?? receipt.issuedAt);
    const cards = user ? await tx.membership.findMany({ where: { userId: user.id, status: { not: 'pending' } }, orderBy: { startDate: 'desc' } }) : [];
    const fiscalCode = membership?.fiscalCode ?? cards.find((card) => card.fiscalCode)?.fiscalCode ?? null;
    const association = await readAssociation(tx);
    const memberOn = (day: string) => cards.some((card) => toIsoDate(card.startDate) <= day && day <= toIsoDate(card.endDate));
    // A booking or a share is counted on the day played; a top-up or a carnet (prepaid fees) on the day paid.
    const played = booking ?? share?.booking;
    const fee = membership || transaction.kind === 'membership' ? null : activityFee(memberOn(played ? todayInRome(played.startsAt) : paidOn));

    const payerName = user ? `${user.firstName} ${user.lastName}` : (booking?.customerName ?? share?.guestName ?? null);
    const age = user?.birthDate ? ageOn(toIsoDate(user.birthDate), paidOn) : null;
    const isChild = inDeductionAges(age);
    // A child on the parent's account: the child is the athlete, the paying parent the guardian.
    const child = enrolment?.child ?? null;
    const athleteAge = child ? ageOn(toIsoDate(child.birthDate), paidOn) : age;
    const refund = receipt.kind === 'refund';
    const stampDuty = !refund && fee !== null && association.stampDutyOnReceipts && transaction.amountCents > STAMP_DUTY_THRESHOLD_CENTS;
    return {
      locale: user?.locale ?? 'it',
      issuer: letterheadOf(association),
      title: RECEIPT_KIND_LABELS[receipt.kind] as ReceiptPdfData['title'],
      number: receiptNumber(receipt.year, receipt.number),
      issuedOn: todayInRome(receipt.issuedAt),
      issuedAt: receipt.issuedAt,
      refersTo: receipt.refersTo ? `${receiptNumber(receipt.refersTo.year, receipt.refersTo.number)} del ${formatItalianDate(todayInRome(receipt.refersTo.issuedAt))}` : null,
      payer: payerName ? { name: payerName, fiscalCode } : null,
      athlete: child
        ? {
            name: `${child.firstName} ${child.lastName}`,
            fiscalCode: child.fiscalCode,
            birthDate: toIsoDate(child.birthDate),
            guardian: payerName ? { name: payerName, fiscalCode } : null,
          }
        : isChild && user?.birthDate
          ? {
              name: payerName!,
              fiscalCode,
              birthDate: toIsoDate(user.birthDate),
              // The parent or guardian recorded at registration (members under 14), else lines to fill in.
              guardian: user.consents?.guardianName ? { name: user.consents.guardianName, fiscalCode: user.consents.guardianFiscalCode } : null,
            }
          : null,
      sport: enrolment ? SPORT_LABELS[enrolment.course.sport] : null,
      description: describe(transaction, 'it'),
      nature: fee ?? MEMBERSHIP_FEE,
      amountCents: transaction.amountCents,
      method: PAYMENT_METHOD_LABELS[transaction.method],
      traceability: enrolment ? traceabilityOf(transaction.method) : null,
      // The deduction is for a course's fees (not a court booked): an enrolment of an athlete aged 5–18.
      deduction: enrolment && !refund && inDeductionAges(athleteAge) ? DEDUCTION_WORDING : null,
      paidOn,
      stampDutyCents: stampDuty ? STAMP_DUTY_CENTS : null,
    };
  }

  /** The receipt's PDF: the stored file, or written now under the receipt's row lock (so only once). */
  async function pdfOf(id: number): Promise<Buffer> {
    const stored = await db.receipt.findUniqueOrThrow({ where: { id }, select: { pdfPath: true } });
    const file = stored.pdfPath ? await storage.read(stored.pdfPath) : null;
    if (file) return file;
    return db.$transaction(
      async (tx) => {
        const [locked] = await tx.$queryRaw<{ pdf_path: string | null; year: number; number: number }[]>`SELECT pdf_path, year, number FROM receipts WHERE id = ${id} FOR UPDATE`;
        const written = locked?.pdf_path ? await storage.read(locked.pdf_path) : null;
        if (written) return written;
        const path = `receipts/${locked!.year}/ricevuta-${locked!.year}-${String(locked!.number).padStart(6, '0')}.pdf`;
        const pdf = await renderReceiptPdf(await pdfData(tx, id));
        await storage.write(path, pdf);
        await tx.receipt.update({ where: { id }, data: { pdfPath: path } });
        return pdf;
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
  }

  return {
    pdfOf,

    /** The member's own receipts, their lines in the page's language. */
    mine: (user: User, locale: Locale) => receiptsOf(db, { userId: user.id }, locale),

    /** Only the payer and staff may download a receipt; to anyone else it does not exist. */
    async download(user: User, id: number) {
      const receipt = await db.receipt.findUnique({ where: { id }, include: { transaction: { select: { userId: true } } } });
      if (!receipt || (!isStaff(user) && receipt.transaction.userId !== user.id)) throw notFound(RECEIPT_MESSAGES.notFound);
      const file = await pdfOf(id);
      const filename = `${receipt.kind === 'refund' ? 'nota-rimborso' : 'ricevuta'}-${receipt.year}-${String(receipt.number).padStart(6, '0')}.pdf`;
      return { file, filename };
    },

    /** The minute job: writes the PDFs of receipts issued since, in number order, until none is left. */
    async writePending(stopping?: AbortSignal) {
      let written = 0;
      while (!stopping?.aborted) {
        const pending = await db.receipt.findMany({ where: { pdfPath: null }, select: { id: true }, orderBy: { id: 'asc' }, take: RENDER_BATCH });
        if (pending.length === 0) break;
        for (const { id } of pending) await pdfOf(id);
        written += pending.length;
      }
      if (written > 0) logger.info({ written }, 'PDF delle ricevute scritti');
      return written;
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
