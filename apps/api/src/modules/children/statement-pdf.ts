// The printable yearly statement of a child's sport expenses: the association as payee, the child, the
// paying parent, a table of the year's payments, the total and the total paid by traceable means, and the
// 19 % deduction's wording. A document for the tax return: Italian, like the receipts.
import PDFDocument from 'pdfkit';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { pdfBytes } from '../../lib/pdf.js';
import type { Letterhead } from '../association/index.js';
import { COLORS, DEDUCTION_WORDING, letterhead, MARGIN, rule } from '../receipts/index.js';

export interface StatementLine {
  /** YYYY-MM-DD, Rome */
  paidOn: string;
  causale: string;
  sport: string;
  paidCents: number;
  /** What the payment still has paid: less what was given back of it. */
  netCents: number;
  method: string;
  traceable: boolean;
  receipt: string | null;
}

export interface StatementPdfData {
  issuer: Letterhead;
  year: number;
  /** YYYY-MM-DD, Rome */
  issuedOn: string;
  child: { name: string; birthDate: string; fiscalCode: string | null };
  payer: { name: string; fiscalCode: string | null };
  lines: StatementLine[];
}

const COLUMNS = [
  { title: 'Data', width: 62 },
  { title: 'Corso', width: 160 },
  { title: 'Importo', width: 70, align: 'right' },
  { title: 'Modalità', width: 90 },
  { title: 'Ricevuta', width: 101 },
] as const;

export async function renderStatementPdf(data: StatementPdfData): Promise<Buffer> {
  const title = `Dichiarazione annuale ${data.year} delle spese sportive`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, lang: 'it-IT', displayTitle: true, info: { Title: title, Author: data.issuer.name } });
  const done = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  letterhead(doc, data.issuer, width);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLORS.ink).text(title, { width });
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text(`del ${formatItalianDate(data.issuedOn)}`, { width });
  doc.moveDown(1);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.muted).text(`${label}: `, { continued: true, width });
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink).text(value, { width });
    doc.moveDown(0.3);
  };
  line('Percipiente', `${data.issuer.name}${data.issuer.fiscalCode ? ` · C.F. ${data.issuer.fiscalCode}` : ''}`);
  line('Atleta', `${data.child.name}, nato/a il ${formatItalianDate(data.child.birthDate)}${data.child.fiscalCode ? ` · C.F. ${data.child.fiscalCode}` : ''}`);
  line('Versato da (genitore o tutore)', `${data.payer.name}${data.payer.fiscalCode ? ` · C.F. ${data.payer.fiscalCode}` : ''}`);
  const sports = [...new Set(data.lines.map((row) => row.sport))];
  if (sports.length > 0) line('Sport', sports.join(', '));
  doc.moveDown(0.8);

  if (data.lines.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink).text(`Nessun pagamento nel ${data.year}.`, { width });
  } else {
    row(doc, COLUMNS.map((column) => column.title), true);
    for (const payment of data.lines) {
      const refunded = payment.paidCents - payment.netCents;
      row(doc, [
        formatItalianDate(payment.paidOn),
        payment.causale,
        refunded > 0 ? `${formatEuros(payment.netCents)}\n(versati ${formatEuros(payment.paidCents)}, restituiti ${formatEuros(refunded)})` : formatEuros(payment.netCents),
        `${payment.method}${payment.traceable ? '' : ' (non tracciabile)'}`,
        payment.receipt ?? '—',
      ]);
    }
  }
  doc.moveDown(0.6);
  const total = data.lines.reduce((sum, payment) => sum + payment.netCents, 0);
  const traceable = data.lines.reduce((sum, payment) => sum + (payment.traceable ? payment.netCents : 0), 0);
  line(`Totale versato nel ${data.year}`, formatEuros(total));
  line('di cui con mezzi tracciabili (carta, POS, bonifico)', formatEuros(traceable));
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(DEDUCTION_WORDING, { width });
  doc.text('Gli importi sono quelli incassati al netto di quanto restituito (rimborsi, credito).', { width });

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink).text('Per l’associazione', { width, align: 'right' });
  doc.text(data.issuer.signatory ?? '______________________', { width, align: 'right' });
  doc.end();
  return done;
}

/** One row of the payments' table, the next row below its tallest cell. */
function row(doc: PDFKit.PDFDocument, cells: string[], header = false) {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  const top = doc.y;
  let x = MARGIN;
  let bottom = top;
  doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(header ? 8 : 9).fillColor(header ? COLORS.muted : COLORS.ink);
  COLUMNS.forEach((column, index) => {
    doc.text(cells[index] ?? '', x, top, { width: column.width - 6, align: 'align' in column ? column.align : 'left' });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.x = MARGIN;
  doc.y = bottom + 3;
  rule(doc, COLUMNS.reduce((sum, column) => sum + column.width, 0));
  doc.y += 3;
}
