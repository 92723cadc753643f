// Time to render one membership card PDF (front with QR code, back with the rules), next to a bare
// pdfkit document with the same text on one page and no image: the ratio is the price of the QR and
// the second page. Budget: 50 ms median per card.  Run: pnpm bench:membership-pdf
import { performance } from 'node:perf_hooks';
import PDFDocument from 'pdfkit';
// By path: @beach/api's export map only exposes ./db and ./testing.
import { CARD_SIZE, renderMembershipCardPdf } from '../apps/api/src/modules/memberships/membership-card-pdf.js';
import { sampleCard } from '../apps/api/src/modules/memberships/membership-card-pdf.sample.js';

const WARM_UP = 30;
const RUNS = 200;

const card = sampleCard('https://www.adriaticabeacharena.it/verifica-tessera/OM-KegUaJpRphUbCIMSSarlRLqrPNmYnmFQcV8mlmuI');
const frontLines = [card.typeLabel, 'BVU', 'TITOLARE', card.holderName, `C.F. ${card.fiscalCode}`, 'NUMERO TESSERA', card.membershipNumber, 'VALIDITÀ', 'dal 01/05/2027 al 30/09/2027', 'Assicurazione inclusa'];

function renderBare(): Promise<Buffer> {
  const doc = new PDFDocument({ size: CARD_SIZE, margin: 12 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(11).text('Adriatica Beach Arena');
  doc.font('Helvetica').fontSize(7.5);
  for (const line of frontLines) doc.text(line, { lineBreak: false });
  doc.end();
  return done;
}

const subjects = { card: () => renderMembershipCardPdf(card), bare: renderBare };
const timings = { card: [] as number[], bare: [] as number[] };
const sizes = { card: 0, bare: 0 };
for (let run = 0; run < WARM_UP + RUNS; run++) {
  // Interleaved, so that drift in the machine's load hits both alike.
  for (const name of ['card', 'bare'] as const) {
    const start = performance.now();
    const pdf = await subjects[name]();
    const elapsed = performance.now() - start;
    if (run >= WARM_UP) timings[name].push(elapsed);
    sizes[name] = pdf.length;
  }
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const stats = (name: keyof typeof timings) => ({ median: percentile(timings[name], 50), p95: percentile(timings[name], 95) });
const cardStats = stats('card');
const bareStats = stats('bare');

console.log(`Membership card PDF: ms to render one document, ${RUNS} runs after ${WARM_UP} warm-up (Node ${process.version})`);
console.log('                                        median      p95     size');
const row = (label: string, { median, p95 }: { median: number; p95: number }, bytes: number) =>
  console.log(`  ${label.padEnd(36)}${median.toFixed(2).padStart(8)}${p95.toFixed(2).padStart(9)}${`${(bytes / 1024).toFixed(1)} KB`.padStart(9)}`);
row('card (2 pages, QR code, rules)', cardStats, sizes.card);
row('bare pdfkit (same text, 1 page)', bareStats, sizes.bare);
console.log(`  ${'ratio card / bare'.padEnd(36)}${`${(cardStats.median / bareStats.median).toFixed(1)}x`.padStart(8)}${`${(cardStats.p95 / bareStats.p95).toFixed(1)}x`.padStart(9)}`);
console.log(`Budget: 50 ms median per card (${cardStats.median <= 50 ? 'within' : 'OVER'}).`);
