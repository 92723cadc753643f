// The printable sign-in sheet of a session (docs/school.md#receipts-and-reports): course, day, time,
// courts and coach, and a table of its participants — name, age, the phone to call (the parent's for a
// child), blank boxes for the signatures at arrival and pick-up, and who may collect the child. Italian,
// landscape A4, printed at the desk or by the coach.
import type { TCoachSession, TSessionParticipant } from '@beach/contracts';
import PDFDocument from 'pdfkit';
import { formatItalianDate } from '../../lib/format.js';
import { pdfBytes } from '../../lib/pdf.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { COLORS, MARGIN } from '../receipts/index.js';

const COLUMNS = [
  { title: 'Partecipante', width: 150 },
  { title: 'Età', width: 35 },
  { title: 'Telefono (genitore)', width: 105 },
  { title: 'Firma arrivo', width: 120 },
  { title: 'Firma ritiro', width: 120 },
  { title: 'Chi può ritirare', width: 200 },
] as const;
const ROW_HEIGHT = 30;

export async function renderSignInSheet(session: TCoachSession, participants: TSessionParticipant[]): Promise<Buffer> {
  const startsAt = new Date(session.starts_at);
  const day = formatItalianDate(todayInRome(startsAt));
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN / 2, lang: 'it-IT', info: { Title: `Foglio presenze · ${session.course.name} · ${day}` } });
  const done = pdfBytes(doc);
  const left = MARGIN / 2;
  const width = doc.page.width - MARGIN;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(COLORS.brand).text(`Foglio presenze · ${session.course.name}`, left, doc.y, { width });
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink);
  doc.text(`${day}, ${timeOf(startsAt)}–${timeOf(new Date(session.ends_at), true)} · Campi ${session.courts.join(', ')} · Allenatore: ${session.coach_name ?? '—'}`, { width });
  if (session.cancelled) doc.font('Helvetica-Bold').fillColor('#b91c1c').text('Lezione annullata', { width });
  doc.moveDown(0.8);

  const header = () => drawRow(doc, left, COLUMNS.map((column) => column.title), true);
  header();
  for (const person of participants) {
    if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN / 2) {
      doc.addPage();
      header();
    }
    drawRow(doc, left, [person.name, person.age === null ? '—' : String(person.age), person.phone ?? '—', '', '', person.is_child ? (person.pickup_people ?? '—') : '']);
  }
  if (participants.length === 0) doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text('Nessun partecipante.', left, doc.y + 6, { width });
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(`Partecipanti: ${participants.length}`, left, doc.y + 10, { width });
  doc.end();
  return done;
}

/** One boxed row; the signature columns stay blank for the pen. */
function drawRow(doc: PDFKit.PDFDocument, left: number, cells: string[], header = false) {
  const top = doc.y;
  let x = left;
  doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(header ? 8.5 : 9).fillColor(header ? COLORS.muted : COLORS.ink);
  COLUMNS.forEach((column, index) => {
    doc.rect(x, top, column.width, header ? 18 : ROW_HEIGHT).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
    doc.text(cells[index] ?? '', x + 4, top + 4, { width: column.width - 8, height: (header ? 18 : ROW_HEIGHT) - 6, ellipsis: true });
    x += column.width;
  });
  doc.x = left;
  doc.y = top + (header ? 18 : ROW_HEIGHT);
}
