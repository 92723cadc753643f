// Receipts (ricevute) and refund notes. The database numbers them when a payment or refund completes
// (a deferred trigger, gapless per year: migration 20261124100000); this service writes each one's PDF
// once — by the minute job, or at the first download, whichever comes first — and serves the stored
// bytes from then on, so a receipt never changes once issued.
import {
  ageOn,
  centsToMoney,
  MEMBERSHIP_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  RECEIPT_KIND_LABELS,
  RECEIPT_MESSAGES,
  receiptNumber,
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  type TReceipt,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { letterheadOf, readAssociation } from '../association/association.service.js';
import { timeOf } from '../bookings/booking-terms.js';
import { renderReceiptPdf, type ReceiptPdfData } from './receipt-pdf.js';

const WITH_TRANSACTION = { transaction: true, refersTo: true } as const;
type ReceiptRow = Prisma.ReceiptGetPayload<{ include: typeof WITH_TRANSACTION }>;

export const toReceiptDto = (receipt: ReceiptRow): TReceipt => ({
  id: receipt.id,
  kind: receipt.kind,
  number: receiptNumber(receipt.year, receipt.number),
  issued_at: receipt.issuedAt.toISOString(),
  amount: centsToMoney(receipt.transaction.amountCents),
  method: receipt.transaction.method,
  transaction_id: receipt.transactionId,
  for: receipt.transaction.kind,
  membership_id: receipt.transaction.membershipId,
  booking_id: receipt.transaction.bookingId,
  refers_to: receipt.refersTo ? receiptNumber(receipt.refersTo.year, receipt.refersTo.number) : null,
});

/** Every receipt and refund note of payments `where` selects, newest first. */
export async function receiptsOf(db: Db, where: Prisma.TransactionWhereInput): Promise<TReceipt[]> {
  const rows = await db.receipt.findMany({ where: { transaction: where }, include: WITH_TRANSACTION, orderBy: [{ year: 'desc' }, { number: 'desc' }] });
  return rows.map(toReceiptDto);
}

export async function receiptOfTransaction(db: Db, transactionId: number): Promise<TReceipt | null> {
  const row = await db.receipt.findUnique({ where: { transactionId }, include: WITH_TRANSACTION });
  return row ? toReceiptDto(row) : null;
}

/** The tax deduction for sport covers children of these ages (both included). */
const DEDUCTION_AGES = { from: 5, to: 18 } as const;
/** Receipts the minute job writes per batch. */
const RENDER_BATCH = 50;

export function createReceiptsService({ db, storage, logger }: Pick<AppDeps, 'db' | 'storage' | 'logger'>) {
  /** What the PDF says, read as the database holds it when the PDF is first written (on the writer's own connection). */
  async function pdfData(tx: Prisma.TransactionClient, id: number): Promise<ReceiptPdfData> {
    const receipt = await tx.receipt.findUniqueOrThrow({
      where: { id },
      include: {
        refersTo: true,
        transaction: { include: { user: { include: { consents: true } }, membership: true, booking: { include: { court: { select: { name: true } } } }, refundOf: true } },
      },
    });
    const { transaction } = receipt;
    const { membership, booking, user } = transaction;
    const paidAt = transaction.paidAt ?? receipt.issuedAt;
    const paidOn = todayInRome(paidAt);
    const cards = user ? await tx.membership.findMany({ where: { userId: user.id, status: { not: 'pending' } }, orderBy: { startDate: 'desc' } }) : [];
    const fiscalCode = membership?.fiscalCode ?? cards.find((card) => card.fiscalCode)?.fiscalCode ?? null;
    const association = await readAssociation(tx);

    let description: string;
    let nature: string;
    if (membership) {
      description = `Quota associativa · Tessera ${MEMBERSHIP_TYPE_LABELS[membership.type].toLowerCase()} n. ${membership.membershipNumber}, valida dal ${formatItalianDate(toIsoDate(membership.startDate))} al ${formatItalianDate(toIsoDate(membership.endDate))}`;
      nature = 'Quota associativa: provento istituzionale, non commerciale (art. 148 TUIR)';
    } else if (booking) {
      const day = todayInRome(booking.startsAt);
      description = `Prenotazione campo · ${booking.court.name}, ${formatItalianDate(day)} ${timeOf(booking.startsAt)}–${timeOf(booking.endsAt, true)}`;
      const member = cards.some((card) => toIsoDate(card.startDate) <= day && day <= toIsoDate(card.endDate));
      // A member's fee for an activity is not commercial income; money from anyone else is.
      nature = member ? 'Corrispettivo specifico versato da un socio: non commerciale (art. 148, comma 3, TUIR)' : 'Corrispettivo versato da un non socio: provento commerciale';
    } else {
      description = transaction.description ?? (transaction.kind === 'membership' ? 'Quota associativa' : 'Prenotazione campo');
      nature = transaction.kind === 'membership' ? 'Quota associativa: provento istituzionale, non commerciale (art. 148 TUIR)' : 'Corrispettivo per attività sportiva';
    }

    const payerName = user ? `${user.firstName} ${user.lastName}` : (booking?.customerName ?? null);
    const age = user?.birthDate ? ageOn(toIsoDate(user.birthDate), paidOn) : null;
    const isChild = age !== null && age >= DEDUCTION_AGES.from && age <= DEDUCTION_AGES.to;
    const refund = receipt.kind === 'refund';
    const stampDuty = !refund && association.stampDutyOnReceipts && transaction.kind === 'booking' && transaction.amountCents > STAMP_DUTY_THRESHOLD_CENTS;
    return {
      issuer: letterheadOf(association),
      title: RECEIPT_KIND_LABELS[receipt.kind] as ReceiptPdfData['title'],
      number: receiptNumber(receipt.year, receipt.number),
      issuedOn: todayInRome(receipt.issuedAt),
      issuedAt: receipt.issuedAt,
      refersTo: receipt.refersTo ? `${receiptNumber(receipt.refersTo.year, receipt.refersTo.number)} del ${formatItalianDate(todayInRome(receipt.refersTo.issuedAt))}` : null,
      payer: payerName ? { name: payerName, fiscalCode } : null,
      athlete:
        isChild && user?.birthDate
          ? {
              name: payerName!,
              fiscalCode,
              birthDate: toIsoDate(user.birthDate),
              // The parent or guardian recorded at registration (members under 14), else lines to fill in.
              guardian: user.consents?.guardianName ? { name: user.consents.guardianName, fiscalCode: user.consents.guardianFiscalCode } : null,
            }
          : null,
      description,
      nature,
      amountCents: transaction.amountCents,
      method: PAYMENT_METHOD_LABELS[transaction.method],
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

    /** The member's own receipts. */
    mine: (user: User) => receiptsOf(db, { userId: user.id }),

    /** Only the payer and staff may download a receipt; to anyone else it does not exist. */
    async download(user: User, id: number) {
      const receipt = await db.receipt.findUnique({ where: { id }, include: { transaction: { select: { userId: true } } } });
      if (!receipt || (user.role === 'user' && receipt.transaction.userId !== user.id)) throw notFound(RECEIPT_MESSAGES.notFound);
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
