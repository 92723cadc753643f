// The printable receipt (ricevuta) of a payment, or the note of a refund: an A4 page with the
// association's details, the number, the payer, for a child the athlete (needed for the 19% tax
// deduction on sport for children aged 5–18), what was paid for, the amount and the payment method.
// A receipt is a legal document and stays Italian; for a holder reading another language, the heading
// and each label carry their words on a smaller second line.
import { defineMessages } from '@beach/contracts';
import PDFDocument from 'pdfkit';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { i18nFor, italian, type MessageDescriptor, sayer } from '../../lib/i18n.js';
import type { Letterhead } from '../association/index.js';
import { pdfBytes } from '../../lib/pdf.js';

const TITLES = defineMessages({
  Ricevuta: /* i18n */ { id: 'api.receipts.pdf_receipt', message: 'Ricevuta' },
  'Nota di rimborso': /* i18n */ { id: 'api.receipts.pdf_refund_note', message: 'Nota di rimborso' },
});

const LABELS = defineMessages({
  refundedToGuardian: /* i18n */ { id: 'api.receipts.pdf_refunded_to_guardian', message: 'Rimborsato a (genitore o tutore)' },
  paidByGuardian: /* i18n */ { id: 'api.receipts.pdf_paid_by_guardian', message: 'Versato da (genitore o tutore)' },
  athlete: /* i18n */ { id: 'api.receipts.pdf_athlete', message: 'Atleta' },
  refundedTo: /* i18n */ { id: 'api.receipts.pdf_refunded_to', message: 'Rimborsato a' },
  receivedFrom: /* i18n */ { id: 'api.receipts.pdf_received_from', message: 'Ricevuto da' },
  sport: /* i18n */ { id: 'api.receipts.pdf_sport', message: 'Sport' },
  description: /* i18n */ { id: 'api.receipts.pdf_description', message: 'Causale' },
  nature: /* i18n */ { id: 'api.receipts.pdf_nature', message: 'Natura del provento' },
  amountRefunded: /* i18n */ { id: 'api.receipts.pdf_amount_refunded', message: 'Importo rimborsato' },
  amount: /* i18n */ { id: 'api.receipts.pdf_amount', message: 'Importo' },
  refundMethod: /* i18n */ { id: 'api.receipts.pdf_refund_method', message: 'Modalità di rimborso' },
  paymentMethod: /* i18n */ { id: 'api.receipts.pdf_payment_method', message: 'Modalità di pagamento' },
  stampDuty: /* i18n */ { id: 'api.receipts.pdf_stamp_duty', message: 'Imposta di bollo' },
  deduction: /* i18n */ { id: 'api.receipts.pdf_deduction', message: 'Detrazione per lo sport dei ragazzi' },
});

export interface ReceiptPdfData {
  /** The holder's language (users.locale; Italian without an account): the second line of the heading and labels. */
  locale: string;
  issuer: Letterhead;
  title: 'Ricevuta' | 'Nota di rimborso';
  /** 2026/000123 */
  number: string;
  /** YYYY-MM-DD, Rome */
  issuedOn: string;
  /** The instant it was issued: the file's creation date, so the same receipt gives the same bytes. */
  issuedAt: Date;
  /** A refund note's receipt: "2026/000100 del 12/07/2026". */
  refersTo: string | null;
  payer: { name: string; fiscalCode: string | null } | null;
  /** For a child aged 5–18: the athlete, the payer being a parent who writes their own details. */
  athlete: { name: string; fiscalCode: string | null; birthDate: string; guardian: { name: string; fiscalCode: string | null } | null } | null;
  /** The sport of a school enrolment ("Beach volley"). */
  sport: string | null;
  description: string;
  /** What kind of income it is, for the accountant (members' fees are not commercial income). */
  nature: string;
  amountCents: number;
  method: string;
  /** A school enrolment's: whether the payment is traceable (the deduction needs it). */
  traceability: string | null;
  /** The 19 % deduction's wording, for an enrolment of an athlete aged 5–18. */
  deduction: string | null;
  /** YYYY-MM-DD, Rome */
  paidOn: string;
  stampDutyCents: number | null;
}

export const MARGIN = 56;
export const COLORS = { brand: '#155e75', ink: '#0f172a', muted: '#475569', rule: '#cbd5e1' };

export async function renderReceiptPdf(receipt: ReceiptPdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'it-IT',
    displayTitle: true,
    info: { Title: `${receipt.title} n. ${receipt.number}`, Author: receipt.issuer.name, Creator: receipt.issuer.name, CreationDate: receipt.issuedAt },
  });
  const done = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const { issuer } = receipt;
  // The holder's words under the Italian, when they read another language.
  const holder = i18nFor(receipt.locale).locale === 'it' ? null : sayer(i18nFor(receipt.locale));
  const secondLine = (descriptor: MessageDescriptor, size: number) => {
    if (holder) doc.font('Helvetica-Oblique').fontSize(size).fillColor(COLORS.muted).text(holder(descriptor), { width });
  };

  letterhead(doc, issuer, width);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLORS.ink).text(`${receipt.title} n. ${receipt.number}`, { width });
  secondLine(TITLES[receipt.title], 10);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text(`del ${formatItalianDate(receipt.issuedOn)}`, { width });
  if (receipt.refersTo) doc.text(`Relativa alla ricevuta n. ${receipt.refersTo}`, { width });
  doc.moveDown(1);

  const field = (label: MessageDescriptor, value: string) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(COLORS.muted).text(italian(label).toUpperCase(), { width, characterSpacing: 0.4 });
    secondLine(label, 7.5);
    doc.font('Helvetica').fontSize(11).fillColor(COLORS.ink).text(value, { width });
    doc.moveDown(0.6);
  };
  const refund = receipt.title === 'Nota di rimborso';
  if (receipt.athlete) {
    const { guardian } = receipt.athlete;
    field(
      refund ? LABELS.refundedToGuardian : LABELS.paidByGuardian,
      guardian ? `${guardian.name}${guardian.fiscalCode ? ` · C.F. ${guardian.fiscalCode}` : ''}` : 'Nome e cognome ______________________________   C.F. ____________________',
    );
    field(LABELS.athlete, `${receipt.athlete.name}, nato/a il ${formatItalianDate(receipt.athlete.birthDate)}${receipt.athlete.fiscalCode ? ` · C.F. ${receipt.athlete.fiscalCode}` : ''}`);
  } else if (receipt.payer) {
    field(refund ? LABELS.refundedTo : LABELS.receivedFrom, `${receipt.payer.name}${receipt.payer.fiscalCode ? ` · C.F. ${receipt.payer.fiscalCode}` : ''}`);
  }
  if (receipt.sport) field(LABELS.sport, receipt.sport);
  field(LABELS.description, receipt.description);
  field(LABELS.nature, receipt.nature);
  field(refund ? LABELS.amountRefunded : LABELS.amount, formatEuros(receipt.amountCents));
  field(refund ? LABELS.refundMethod : LABELS.paymentMethod, `${receipt.method}, il ${formatItalianDate(receipt.paidOn)}${receipt.traceability ? ` · ${receipt.traceability}` : ''}`);
  if (receipt.stampDutyCents) field(LABELS.stampDuty, `Assolta: ${formatEuros(receipt.stampDutyCents)} (ricevuta di importo superiore a 77,47 €)`);
  if (receipt.deduction) field(LABELS.deduction, receipt.deduction);

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink).text('Per l’associazione', { width, align: 'right' });
  doc.text(issuer.signatory ?? '______________________', { width, align: 'right' });
  doc.moveDown(1.5);
  doc.text('______________________', { width, align: 'right' });

  doc.end();
  return done;
}

/** The association's name, seat, fiscal code, RASD number and e-mail, and a rule under them. */
export function letterhead(doc: PDFKit.PDFDocument, issuer: Letterhead, width: number) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.brand).text(issuer.name, { width });
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
  const issuerLines = [
    issuer.address ? `Sede: ${issuer.address}` : null,
    [issuer.fiscalCode ? `C.F. ${issuer.fiscalCode}` : null, issuer.vatNumber ? `P.IVA ${issuer.vatNumber}` : null].filter(Boolean).join(' · ') || null,
    issuer.rasdNumber ? `Iscritta al Registro nazionale delle attività sportive dilettantistiche (RASD) n. ${issuer.rasdNumber}` : null,
    issuer.email,
  ].filter((line): line is string => Boolean(line));
  for (const line of issuerLines) doc.text(line, { width });
  doc.moveDown(0.5);
  rule(doc, width);
}

export function rule(doc: PDFKit.PDFDocument, width: number) {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.7).strokeColor(COLORS.rule).stroke();
}
