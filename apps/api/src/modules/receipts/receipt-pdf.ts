// The printable receipt (ricevuta) of a payment, or the note of a refund: an A4 page with the
// association's details, the number, the payer, for a child the athlete (needed for the 19% tax
// deduction on sport for children aged 5–18), what was paid for, the amount and the payment method.
import PDFDocument from 'pdfkit';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import type { Letterhead } from '../association/index.js';
import { pdfBytes } from '../../lib/pdf.js';

export interface ReceiptPdfData {
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
  description: string;
  /** What kind of income it is, for the accountant (members' fees are not commercial income). */
  nature: string;
  amountCents: number;
  method: string;
  /** YYYY-MM-DD, Rome */
  paidOn: string;
  stampDutyCents: number | null;
}

const MARGIN = 56;
const COLORS = { brand: '#155e75', ink: '#0f172a', muted: '#475569', rule: '#cbd5e1' };

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

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLORS.ink).text(`${receipt.title} n. ${receipt.number}`, { width });
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text(`del ${formatItalianDate(receipt.issuedOn)}`, { width });
  if (receipt.refersTo) doc.text(`Relativa alla ricevuta n. ${receipt.refersTo}`, { width });
  doc.moveDown(1);

  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(COLORS.muted).text(label.toUpperCase(), { width, characterSpacing: 0.4 });
    doc.font('Helvetica').fontSize(11).fillColor(COLORS.ink).text(value, { width });
    doc.moveDown(0.6);
  };
  const refund = receipt.title === 'Nota di rimborso';
  if (receipt.athlete) {
    const { guardian } = receipt.athlete;
    field(
      refund ? 'Rimborsato a (genitore o tutore)' : 'Versato da (genitore o tutore)',
      guardian ? `${guardian.name}${guardian.fiscalCode ? ` · C.F. ${guardian.fiscalCode}` : ''}` : 'Nome e cognome ______________________________   C.F. ____________________',
    );
    field('Atleta', `${receipt.athlete.name}, nato/a il ${formatItalianDate(receipt.athlete.birthDate)}${receipt.athlete.fiscalCode ? ` · C.F. ${receipt.athlete.fiscalCode}` : ''}`);
  } else if (receipt.payer) {
    field(refund ? 'Rimborsato a' : 'Ricevuto da', `${receipt.payer.name}${receipt.payer.fiscalCode ? ` · C.F. ${receipt.payer.fiscalCode}` : ''}`);
  }
  field('Causale', receipt.description);
  field('Natura del provento', receipt.nature);
  field(refund ? 'Importo rimborsato' : 'Importo', formatEuros(receipt.amountCents));
  field(refund ? 'Modalità di rimborso' : 'Modalità di pagamento', `${receipt.method}, il ${formatItalianDate(receipt.paidOn)}`);
  if (receipt.stampDutyCents) field('Imposta di bollo', `Assolta: ${formatEuros(receipt.stampDutyCents)} (ricevuta di importo superiore a 77,47 €)`);

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink).text('Per l’associazione', { width, align: 'right' });
  doc.text(issuer.signatory ?? '______________________', { width, align: 'right' });
  doc.moveDown(1.5);
  doc.text('______________________', { width, align: 'right' });

  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, width: number) {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.7).strokeColor(COLORS.rule).stroke();
}
