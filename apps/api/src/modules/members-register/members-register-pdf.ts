// The members' register printed for the association's books: A4 landscape, the association's header on
// every page, one line per card in the order of admission, pages numbered "Pagina n di N".
import { MEMBERSHIP_TYPE_LABELS, type TMembersRegisterRow } from '@beach/contracts';
import PDFDocument from 'pdfkit';
import { formatItalianDate } from '../../lib/format.js';
import type { Letterhead } from '../association/index.js';
import { pdfBytes } from '../../lib/pdf.js';

const MARGIN = 36;
const ROW_HEIGHT = 16;
const COLUMNS: { label: string; width: number; value: (row: TMembersRegisterRow, index: number) => string }[] = [
  { label: 'N.', width: 24, value: (_row, index) => String(index + 1) },
  { label: 'Tessera', width: 66, value: (row) => row.card_number },
  { label: 'Ammissione', width: 54, value: (row) => formatItalianDate(row.admitted_on) },
  { label: 'Cognome', width: 74, value: (row) => row.last_name },
  { label: 'Nome', width: 74, value: (row) => row.first_name },
  { label: 'Nascita', width: 54, value: (row) => (row.birth_date ? formatItalianDate(row.birth_date) : '') },
  { label: 'Luogo di nascita', width: 92, value: (row) => row.birth_place ?? '' },
  { label: 'Codice fiscale', width: 96, value: (row) => row.fiscal_code ?? '' },
  { label: 'Residenza', width: 126, value: (row) => row.residence ?? '' },
  { label: 'Tipo', width: 56, value: (row) => (row.is_bvu_member ? 'Stagionale BVU' : MEMBERSHIP_TYPE_LABELS[row.card_type]) },
  { label: 'Cessazione', width: 54, value: (row) => formatItalianDate(row.ends_on) },
];

/** The text cut to `width` with an ellipsis: every row keeps its height (pdfkit's own ellipsis is slow). */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

export async function renderMembersRegisterPdf(association: Letterhead, season: number, rows: TMembersRegisterRow[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: true, lang: 'it-IT', displayTitle: true, info: { Title: `Libro soci ${season} · ${association.name}`, Author: association.name } });
  const done = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(association.name, MARGIN, MARGIN, { width });
    const details = [association.address, association.fiscalCode ? `C.F. ${association.fiscalCode}` : null, association.rasdNumber ? `RASD n. ${association.rasdNumber}` : null].filter(Boolean).join(' · ');
    doc.font('Helvetica').fontSize(8.5).fillColor('#475569').text(details, { width });
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#155e75').text(`Libro soci · stagione ${season}`, { width });
    doc.moveDown(0.4);
    let x = MARGIN;
    const y = doc.y;
    doc.rect(MARGIN, y - 2, width, ROW_HEIGHT).fill('#e2e8f0');
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor('#0f172a');
    for (const column of COLUMNS) {
      doc.text(fitted(doc, column.label, column.width - 4), x + 2, y + 2, { lineBreak: false });
      x += column.width;
    }
    doc.y = y + ROW_HEIGHT;
  };

  header();
  if (rows.length === 0) doc.font('Helvetica').fontSize(9).fillColor('#475569').text('Nessun socio in questa stagione.', MARGIN, doc.y + 4, { width });
  rows.forEach((row, index) => {
    if (doc.y + ROW_HEIGHT > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor('#0f172a');
    for (const column of COLUMNS) {
      doc.text(fitted(doc, column.value(row, index), column.width - 4), x + 2, y + 3, { lineBreak: false });
      x += column.width;
    }
    doc.moveTo(MARGIN, y + ROW_HEIGHT).lineTo(MARGIN + width, y + ROW_HEIGHT).lineWidth(0.4).strokeColor('#cbd5e1').stroke();
    doc.y = y + ROW_HEIGHT;
  });

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    // Writing below the bottom margin would start a new page: the footer lifts the margin first.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#475569').text(`Pagina ${page + 1} di ${count}`, MARGIN, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
