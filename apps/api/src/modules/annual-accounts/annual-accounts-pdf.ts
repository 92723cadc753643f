// The year's statements printed for the members' assembly (docs/annual-accounts.md#pdf-csv-and-xlsx): A4, the
// association's header, Mod. D then Mod. B with every line of the scheme and its figure, the totals, cash
// and bank at the start and end, pages numbered "Pagina n di N".
import { ACCOUNTS_SCHEMES, moneyToCents, type TAccountsScheme, type TAnnualAccounts, type TMoney, UNCLASSIFIED_LINE } from '@beach/contracts';
import PDFDocument from 'pdfkit';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { pdfBytes } from '../../lib/pdf.js';
import type { Letterhead } from '../association/index.js';

const MARGIN = 42;
const ROW = 13;
const AMOUNT_WIDTH = 90;

export async function renderAnnualAccountsPdf(association: Letterhead, accounts: TAnnualAccounts): Promise<Buffer> {
  const title = `Rendiconto dell’esercizio ${accounts.label}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, lang: 'it-IT', displayTitle: true, info: { Title: `${title} · ${association.name}`, Author: association.name } });
  const done = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 24;

  const room = (height: number) => {
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = MARGIN;
    }
  };
  const line = (label: string, amount: TMoney, bold = false) => {
    room(ROW);
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor('#0f172a');
    doc.text(label, MARGIN + 6, y, { width: width - AMOUNT_WIDTH - 12, lineBreak: false });
    doc.text(formatEuros(moneyToCents(amount)), MARGIN + width - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.moveTo(MARGIN, y + ROW - 2).lineTo(MARGIN + width, y + ROW - 2).lineWidth(0.3).strokeColor('#e2e8f0').stroke();
    doc.y = y + ROW;
  };
  const heading = (text: string, size = 9.5) => {
    room(ROW * 3);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(size).fillColor('#155e75').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const scheme = (code: TAccountsScheme, figures: Record<string, TMoney>) => {
    heading(ACCOUNTS_SCHEMES[code].title, 12);
    for (const section of ACCOUNTS_SCHEMES[code].sections) {
      heading(section.title);
      for (const item of section.lines) line(item.label, figures[item.code]!);
    }
    if (moneyToCents(figures[UNCLASSIFIED_LINE.code]!) !== 0) {
      heading('Da classificare');
      line(UNCLASSIFIED_LINE.label, figures[UNCLASSIFIED_LINE.code]!);
    }
  };

  doc.font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(association.name, { width });
  const details = [association.address, association.fiscalCode ? `C.F. ${association.fiscalCode}` : null, association.rasdNumber ? `RASD n. ${association.rasdNumber}` : null].filter(Boolean).join(' · ');
  doc.font('Helvetica').fontSize(8.5).fillColor('#475569').text(details, { width });
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0f172a').text(title, { width });
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text(`Dal ${formatItalianDate(accounts.from)} al ${formatItalianDate(accounts.to)}, dal registro contabile dell’associazione.`, { width });

  const d = accounts.mod_d;
  scheme('D', d.figures);
  heading('Totali e cassa');
  line('Totale entrate', d.receipts, true);
  line('Totale uscite', d.payments, true);
  line('Avanzo/disavanzo d’esercizio', d.result, true);
  line('Cassa a inizio esercizio', d.start.cash);
  line('Depositi bancari e postali a inizio esercizio', d.start.bank);
  line('Cassa a fine esercizio', d.end.cash);
  line('Depositi bancari e postali a fine esercizio', d.end.bank);
  line('Entrate istituzionali', d.institutional);
  line('Entrate commerciali', d.commercial);

  doc.addPage();
  const b = accounts.mod_b;
  scheme('B', b.figures);
  heading('Totali');
  line('Totale ricavi, rendite e proventi', b.income, true);
  line('Totale costi e oneri', b.costs, true);
  line('Avanzo/disavanzo d’esercizio', b.result, true);
  line('Ricavi istituzionali', b.institutional);
  line('Ricavi commerciali', b.commercial);

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    // Writing below the bottom margin would start a new page: the footer lifts the margin first.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#475569').text(`${title} · Pagina ${page + 1} di ${count}`, MARGIN, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
