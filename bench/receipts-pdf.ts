// Time to render one receipt PDF (A4, the association's letterhead, a child athlete and the stamp duty:
// the longest receipt), and the members' register PDF of a 2,000-member season (about 75 A4 pages).
// Each receipt is rendered once, when issued; the register on demand.  Run: pnpm bench:receipts-pdf
import { renderMembersRegisterPdf } from '../apps/api/src/modules/members-register/members-register-pdf.js';
import { renderReceiptPdf } from '../apps/api/src/modules/receipts/receipt-pdf.js';
import { DEDUCTION_WORDING, traceabilityOf } from '../apps/api/src/modules/receipts/sport-deduction.js';
import { timeRuns } from './lib/api-server.js';

const issuer = { name: 'ASD Adriatica Beach Arena', address: 'Lungomare Tintori 12, 47921 Rimini (RN)', fiscalCode: '91234560406', vatNumber: '00743110157', rasdNumber: 'RASD-000123', email: 'segreteria@adriaticabeach.it', signatory: 'Marta Ricci, presidente' };
const receipt = {
  issuer,
  title: 'Ricevuta' as const,
  // A German holder paying a child's camp week: every heading and label with its second line, and the
  // sport, traceability and deduction lines, the longest receipt to lay out.
  locale: 'de',
  number: '2026/000123',
  issuedOn: '2026-07-12',
  issuedAt: new Date('2026-07-12T10:00:00Z'),
  refersTo: null,
  payer: { name: 'Tommaso Gradara', fiscalCode: 'GRDTMS14H10H294X' },
  athlete: { name: 'Tommaso Gradara', fiscalCode: 'GRDTMS14H10H294X', birthDate: '2014-06-10', guardian: { name: 'Paola Gradara', fiscalCode: 'GRDPLA80A41H294X' } },
  description: 'Iscrizione · Centro estivo: Settimana 5 · per Tommaso Gradara',
  sport: 'Beach volley',
  traceability: traceabilityOf('card'),
  deduction: DEDUCTION_WORDING,
  nature: 'Corrispettivo specifico versato da un socio: non commerciale (art. 148, comma 3, TUIR)',
  amountCents: 9000,
  method: 'Carta (POS)',
  paidOn: '2026-07-12',
  stampDutyCents: 200,
};
const MEMBERS = 2000;
const rows = Array.from({ length: MEMBERS }, (_, index) => ({
  membership_id: index + 1,
  card_number: `T2026-${String(index + 1).padStart(5, '0')}`,
  admitted_on: '2026-05-02',
  last_name: 'Rossi',
  first_name: 'Giulia Maria',
  birth_date: '1990-01-01',
  birth_place: 'REGGIO NELL’EMILIA (RE)',
  fiscal_code: 'RSSGLI90A41H294I',
  residence: 'Via Flaminia 120, 47923 Rimini (RN)',
  missing: [],
  card_type: 'seasonal' as const,
  is_bvu_member: index % 5 === 0,
  ends_on: '2026-09-30',
}));

const single = await timeRuns(() => renderReceiptPdf(receipt));
const register = await timeRuns(() => renderMembersRegisterPdf(issuer, 2026, rows), { warmUp: 1, runs: 5 });
const size = (await renderMembersRegisterPdf(issuer, 2026, rows)).length;
console.log(`Receipt PDF (Node ${process.version}): p50 ${single.p50} ms, p95 ${single.p95} ms over 200 renders`);
console.log(`Members' register PDF, ${MEMBERS} members: p50 ${register.p50} ms, p95 ${register.p95} ms over 5 renders, ${(size / 1024).toFixed(0)} KB`);
