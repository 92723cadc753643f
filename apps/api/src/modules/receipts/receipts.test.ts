// Receipts through the real database: gapless yearly numbers under concurrent desk payments, one per
// payment, refund notes, the PDF read back, the same bytes on every download, and who may download.
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromIsoDate, todayInRome, yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { splitOwed } from '../bookings/index.js';
import { makeCourse } from '../enrolments/test-courses.js';
import { accounts, credit, debit, moneyAccount, payment as paymentEntry, post, shareReceivable } from '../ledger/index.js';
import { pdfText } from '../../test/pdf-text.js';

const { app, db, services, deps } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let year = yearInRome();
beforeEach(() => {
  year = yearInRome();
});
let admin: string;
let staff: string;
/** Payments written here without the API are posted as the ledger's history is, so the books have them. */
const postHistory = () => db.$executeRaw`SELECT ledger_post_history()`;

const ASSOCIATION = {
  name: 'ASD Adriatica Beach Arena',
  address: 'Lungomare Tintori 12, 47921 Rimini (RN)',
  fiscal_code: '91234560406',
  vat_number: null,
  rasd_number: 'RASD-000123',
  email: 'segreteria@adriaticabeach.it',
  receipt_signatory: 'Marta Ricci, presidente',
  stamp_duty_on_receipts: true,
};

/**
 * A seasonal card made and paid in cash at the desk, through the API. Asked again on a 503 with Retry-After, as
 * a client does: twenty payments at once queue for a pool of ten connections behind one receipt counter, and on a
 * busy machine (load 30) some waited past the 10 s a transaction waits to start (no number taken: it never began).
 */
async function deskCard(member: TestMember) {
  const send = () =>
    request(app)
      .post('/api/admin/memberships')
      .set(bearer(admin))
      .send({ type: 'seasonal', with_insurance: false, user_id: member.id, fiscal_code: member.fiscalCode, payment: { method: 'cash' } });
  let created = await send();
  while (created.status === 503 && created.headers['retry-after']) created = await send();
  expect(created.status).toBe(201);
  return db.transaction.findFirstOrThrow({ where: { membershipId: created.body.membership.id as number, type: 'payment' }, include: { receipt: true } });
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  await request(app).put('/api/admin/association').set(bearer(admin)).send(ASSOCIATION).expect(200);
});

describe('receipt numbers', () => {
  it('run gapless per year under 20 concurrent desk payments, one per payment; a rolled-back payment takes none', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, (_, index) => createMember(db, { firstName: 'Socio', lastName: `Concorrente${String.fromCharCode(65 + index)}` })));
    const payments = await Promise.all(members.map(deskCard));
    expect(payments.every((payment) => payment.receipt !== null)).toBe(true);
    expect(new Set(payments.map((payment) => payment.receipt!.number)).size).toBe(20);

    const rolledBack = db.$transaction(async (tx) => {
      await tx.transaction.create({ data: { kind: 'membership', userId: members[0]!.id, amountCents: 1000, method: 'cash', status: 'completed', paidAt: new Date() } });
      throw new Error('annullato');
    });
    await expect(rolledBack).rejects.toThrow('annullato');
    const late = await deskCard(await createMember(db, { firstName: 'Socio', lastName: 'Ultimo' }));

    const issued = await db.receipt.findMany({ where: { year }, select: { number: true, issuedAt: true, transaction: { select: { paidAt: true } } }, orderBy: { number: 'asc' } });
    const numbers = issued.map((receipt) => receipt.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    // Each is dated by its payment; numbers follow the order of the commits, so their days never go backwards.
    for (const receipt of issued) expect(receipt.issuedAt).toEqual(receipt.transaction.paidAt);
    const days = issued.map((receipt) => todayInRome(receipt.issuedAt));
    expect(days).toEqual([...days].sort());
    expect(late.receipt!.number).toBe(numbers.at(-1));
    expect((await db.receiptCounter.findUniqueOrThrow({ where: { year } })).lastNumber).toBe(numbers.length);
    // Changing the payment's status later (a refund) never issues a second receipt for it.
    await db.transaction.update({ where: { id: late.id }, data: { status: 'refunded' } });
    expect(await db.receipt.count({ where: { transactionId: late.id } })).toBe(1);
  });

  it('issue nothing for a payment that is still pending, and a receipt once it completes', async () => {
    const member = await createMember(db);
    const pending = await db.transaction.create({ data: { kind: 'membership', userId: member.id, amountCents: 2500, method: 'stripe', status: 'pending' } });
    expect(await db.receipt.count({ where: { transactionId: pending.id } })).toBe(0);
    await db.transaction.update({ where: { id: pending.id }, data: { status: 'completed', paidAt: new Date() } });
    await postHistory();
    expect(await db.receipt.findUnique({ where: { transactionId: pending.id } })).toMatchObject({ kind: 'receipt', year });
  });
});

describe('receipt PDF', () => {
  let member: TestMember;
  let receiptId: number;
  beforeAll(async () => {
    member = await createMember(db, { firstName: 'Ludovica', lastName: 'Malatesta', birthDate: '1990-03-15' });
    receiptId = (await deskCard(member)).receipt!.id;
  });

  it('shows the association, the number, the payer with fiscal code, the amount and the method', async () => {
    const response = await request(app).get(`/api/receipts/${receiptId}/pdf`).set(bearer(member.token)).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // The year in Rome of the receipt's issue: made before the tests, it may be last year's by now.
    const receipt = await db.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    const issuedYear = yearInRome(receipt.issuedAt);
    expect(receipt.year).toBe(issuedYear);
    const number = `${issuedYear}/${String(receipt.number).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename=ricevuta-${issuedYear}-${String(receipt.number).padStart(6, '0')}.pdf`);
    const text = await pdfText(response.body as Buffer);
    for (const expected of [ASSOCIATION.name, ASSOCIATION.address, `C.F. ${ASSOCIATION.fiscal_code}`, ASSOCIATION.rasd_number, `Ricevuta n. ${number}`, 'Ludovica Malatesta', member.fiscalCode, 'Quota associativa', '60,00 €', 'Contanti', ASSOCIATION.receipt_signatory]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Atleta');
    expect(text).not.toContain('Received from');
  });

  it('stays Italian for a member reading English, with their words on a second line under the heading and each label', async () => {
    const english = await createMember(db, { firstName: 'Emily', lastName: 'Turner' });
    await db.user.update({ where: { id: english.id }, data: { locale: 'en' } });
    const payment = await deskCard(english);
    const number = `${year}/${String(payment.receipt!.number).padStart(6, '0')}`;
    const text = await pdfText(await services.receipts.pdfOf(payment.receipt!.id));
    expect(text).toContain(`Ricevuta n. ${number} Receipt del `);
    const labels = [
      ['RICEVUTO DA', 'Received from'],
      ['CAUSALE', 'Purpose of payment'],
      ['NATURA DEL PROVENTO', 'Nature of the income'],
      ['IMPORTO', 'Amount'],
      ['MODALITÀ DI PAGAMENTO', 'Payment method'],
    ];
    for (const [italian, english] of labels) expect(text).toContain(`${italian} ${english}`);
    for (const value of ['Emily Turner', 'Quota associativa', '60,00 €', 'Contanti', 'Per l’associazione']) expect(text).toContain(value);
  });

  it('gives the same bytes on every download, from the file written once under STORAGE_DIR', async () => {
    const first = await request(app).get(`/api/receipts/${receiptId}/pdf`).set(bearer(member.token)).buffer(true).expect(200);
    await request(app).put('/api/admin/association').set(bearer(admin)).send({ ...ASSOCIATION, name: 'ASD Nome Cambiato' }).expect(200);
    const second = await request(app).get(`/api/receipts/${receiptId}/pdf`).set(bearer(staff)).buffer(true).expect(200);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).toBe(0);
    const { pdfPath } = await db.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(Buffer.compare((await deps.storage.read(pdfPath!))!, first.body as Buffer)).toBe(0);
    await request(app).put('/api/admin/association').set(bearer(admin)).send(ASSOCIATION).expect(200);
  });

  it('gives concurrent first downloads the bytes of the one file stored', async () => {
    const member = await createMember(db);
    const { receipt } = await deskCard(member);
    const downloads = await Promise.all(Array.from({ length: 6 }, () => request(app).get(`/api/receipts/${receipt!.id}/pdf`).set(bearer(member.token)).buffer(true).expect(200)));
    const stored = (await deps.storage.read((await db.receipt.findUniqueOrThrow({ where: { id: receipt!.id } })).pdfPath!))!;
    for (const download of downloads) expect(Buffer.compare(download.body as Buffer, stored)).toBe(0);
  });

  it('are written by the job for every receipt issued, and served as written', async () => {
    const member = await createMember(db);
    const { receipt } = await deskCard(member);
    // The minute job runs this too: whichever comes first writes the file, once.
    await services.receipts.writePending();
    expect(await db.receipt.count({ where: { pdfPath: null } })).toBe(0);
    const { pdfPath } = await db.receipt.findUniqueOrThrow({ where: { id: receipt!.id } });
    expect(pdfPath).toBe(`receipts/${year}/ricevuta-${year}-${String(receipt!.number).padStart(6, '0')}.pdf`);
    const downloaded = await request(app).get(`/api/receipts/${receipt!.id}/pdf`).set(bearer(member.token)).buffer(true).expect(200);
    expect(Buffer.compare((await deps.storage.read(pdfPath!))!, downloaded.body as Buffer)).toBe(0);
  });

  it('name a walk-in customer of the desk as payer, and money from a non-member as commercial income', async () => {
    const court = await db.court.findFirstOrThrow({ where: { isBookable: true } });
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    const booking = await db.booking.create({ data: { courtId: court.id, customerName: 'Mario Passante', customerPhone: '333 1234567', startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 4000 } });
    const payment = await db.transaction.create({ data: { kind: 'booking', bookingId: booking.id, amountCents: 4000, method: 'cash', status: 'completed', paidAt: new Date() } });
    await postHistory();
    const receipt = await db.receipt.findUniqueOrThrow({ where: { transactionId: payment.id } });
    const text = await pdfText(await services.receipts.pdfOf(receipt.id));
    expect(text).toContain('RICEVUTO DA Mario Passante');
    expect(text).toContain('Corrispettivo versato da un non socio: provento commerciale');
    expect(text).not.toContain('IMPOSTA DI BOLLO');
  });

  it('names the athlete for a child (tax deduction for sport, ages 5–18) and the guardian recorded for them, and the stamp duty on an activity fee above 77,47 €', async () => {
    const child = await createMember(db, { firstName: 'Tommaso', lastName: 'Gradara', birthDate: '2014-06-10' });
    await db.membership.create({ data: { membershipNumber: `R-${child.id}`, userId: child.id, type: 'under_18', status: 'active', activatedAt: new Date(), fiscalCode: child.fiscalCode, startDate: fromIsoDate(`${year}-01-01`), endDate: fromIsoDate(`${year}-12-31`), originalPriceCents: 4000, priceCents: 4000 } });
    const court = await db.court.findFirstOrThrow({ where: { isBookable: true } });
    const startsAt = new Date(`${todayInRome()}T08:00:00Z`);
    const booking = await db.booking.create({ data: { courtId: court.id, userId: child.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 9000 } });
    const guardian = { guardianName: 'Paola Gradara', guardianFiscalCode: 'GRDPLA80A41H294X', guardianAcceptedAt: new Date() };
    await db.memberConsent.upsert({ where: { userId: child.id }, create: { userId: child.id, ...guardian }, update: guardian });
    const payment = await db.transaction.create({ data: { kind: 'booking', bookingId: booking.id, userId: child.id, amountCents: 9000, method: 'card', status: 'completed', paidAt: new Date() } });
    await postHistory();
    const receipt = await db.receipt.findUniqueOrThrow({ where: { transactionId: payment.id } });
    const response = await request(app).get(`/api/receipts/${receipt.id}/pdf`).set(bearer(child.token)).buffer(true).expect(200);
    const text = await pdfText(response.body as Buffer);
    expect(text).toContain(`Tommaso Gradara, nato/a il 10/06/2014 · C.F. ${child.fiscalCode}`);
    expect(text).toContain('VERSATO DA (GENITORE O TUTORE)');
    expect(text).toContain('Paola Gradara · C.F. GRDPLA80A41H294X'); // the guardian recorded at registration
    expect(text).toContain(`Prenotazione campo · ${court.name}`);
    expect(text).toContain('Corrispettivo specifico versato da un socio');
    expect(text).toContain('Assolta: 2,00 €');
    expect(text).toContain('90,00 €');
    expect(text).toContain('Carta (POS)');
  });
});

describe('receipts of activity fees', () => {
  const credited = async (member: TestMember, cents: number, paidAt = new Date()) => {
    const payment = await db.transaction.create({ data: { kind: 'credit', userId: member.id, amountCents: cents, method: 'cash', status: 'completed', paidAt, description: 'Ricarica credito in segreteria' } });
    // Its entry as the desk's top-up posts it (credit-desk.ts), on the day it was paid.
    await post(db, { key: `payment:${payment.id}`, kind: 'top_up', description: 'Ricarica in segreteria', effectiveAt: paidAt, userId: member.id, transactionId: payment.id, legs: [debit(accounts.till('cash'), cents), credit(accounts.funded(member.id, payment.id), cents)] });
    return db.receipt.findUniqueOrThrow({ where: { transactionId: payment.id } });
  };
  /** A card to the year's end, from `from` (default the year's first day). */
  const seasonalCard = (member: TestMember, from = `${year}-01-01`) =>
    db.membership.create({ data: { membershipNumber: `R-${member.id}`, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(), fiscalCode: member.fiscalCode, startDate: fromIsoDate(from), endDate: fromIsoDate(`${year}-12-31`), originalPriceCents: 6000, priceCents: 6000 } });

  it('a credit top-up is prepaid activity fees: the stamp duty above 77,47 € (not at 77,47 €, not when the setting is off), dated by its payment', async () => {
    const member = await createMember(db, { firstName: 'Renata', lastName: 'Ricarica' });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    // The card covers the top-up's day, also on 1–3 January, when that day is last year's.
    await seasonalCard(member, todayInRome(threeDaysAgo));
    const hundred = await credited(member, 10000, threeDaysAgo);
    expect(hundred.issuedAt).toEqual(threeDaysAgo);
    const text = await pdfText(await services.receipts.pdfOf(hundred.id));
    expect(text).toContain(`del ${todayInRome(threeDaysAgo).split('-').reverse().join('/')}`);
    expect(text).toContain('Ricarica credito in segreteria');
    expect(text).toContain('Corrispettivo specifico versato da un socio: non commerciale');
    expect(text).toContain('IMPOSTA DI BOLLO Assolta: 2,00 €');
    for (const cents of [5000, 7747]) expect(await pdfText(await services.receipts.pdfOf((await credited(member, cents)).id))).not.toContain('IMPOSTA DI BOLLO');

    await request(app).put('/api/admin/association').set(bearer(admin)).send({ ...ASSOCIATION, stamp_duty_on_receipts: false }).expect(200);
    const off = await credited(member, 10000);
    expect(await pdfText(await services.receipts.pdfOf(off.id))).not.toContain('IMPOSTA DI BOLLO');
    await request(app).put('/api/admin/association').set(bearer(admin)).send(ASSOCIATION).expect(200);

    const mine = await request(app).get('/api/me/receipts').set(bearer(member.token)).expect(200);
    expect(mine.body.data.find((receipt: { id: number }) => receipt.id === hundred.id)).toMatchObject({ for: 'credit', description: 'Ricarica credito in segreteria', amount: '100.00', issued_at: threeDaysAgo.toISOString(), membership_id: null, booking_id: null, booking_player_id: null, carnet_id: null });
  });

  it('a carnet names itself in the list, with the carnet it bought; above 77,47 € it carries the stamp duty', async () => {
    const member = await createMember(db);
    const product = await db.carnetProduct.create({ data: { name: 'Carnet 10 ingressi', uses: 10, priceCents: 9000, validFrom: fromIsoDate(`${year}-01-01`), validUntil: fromIsoDate(`${year}-12-31`) } });
    const sold = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: String(product.id), method: 'cash' }).expect(201);
    const mine = await request(app).get('/api/me/receipts').set(bearer(member.token)).expect(200);
    expect(mine.body.data).toMatchObject([{ for: 'carnet', description: 'Carnet 10 ingressi', amount: '90.00', carnet_id: sold.body.carnet.id }]);
    expect(await pdfText(await services.receipts.pdfOf(mine.body.data[0].id))).toContain('Assolta: 2,00 €');
  });

  it('a share of a member’s booking is worded as the booking is, and names the booking and the share', async () => {
    const organiser = await createMember(db);
    const player = await createMember(db, { firstName: 'Pietro', lastName: 'Quota' });
    await seasonalCard(player);
    const court = await db.court.findFirstOrThrow({ where: { isBookable: true } });
    const startsAt = new Date(`${todayInRome()}T16:00:00Z`);
    const booking = await db.booking.create({ data: { courtId: court.id, userId: organiser.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 20000 } });
    const share = await db.bookingPlayer.create({ data: { bookingId: booking.id, userId: player.id, status: 'paid' } });
    // The price owed, split in two shares, and the player's paid at the desk, as the product posts them.
    await postHistory();
    await db.$transaction((tx) => splitOwed(tx, booking.id, `player:${share.id}:joined`));
    const payment = await db.transaction.create({ data: { kind: 'booking_share', bookingPlayerId: share.id, userId: player.id, amountCents: 10000, method: 'card', status: 'completed', paidAt: new Date() } });
    await paymentEntry(db, `payment:${payment.id}`, moneyAccount('card'), [{ receivable: shareReceivable(share.id, booking.id), cents: 10000 }], { bookingId: booking.id, bookingPlayerId: share.id, userId: player.id, transactionId: payment.id });
    const receipt = await db.receipt.findUniqueOrThrow({ where: { transactionId: payment.id } });
    const text = await pdfText(await services.receipts.pdfOf(receipt.id));
    expect(text).toContain(`Quota di prenotazione campo · ${court.name}`);
    expect(text).toContain('Corrispettivo specifico versato da un socio: non commerciale (art. 148, comma 3, TUIR)');
    expect(text).not.toContain('Corrispettivo per attività sportiva');
    expect(text).toContain('Assolta: 2,00 €');
    const mine = await request(app).get('/api/me/receipts').set(bearer(player.token)).expect(200);
    expect(mine.body.data).toMatchObject([{ id: receipt.id, for: 'booking_share', booking_id: booking.id, booking_player_id: share.id, description: expect.stringContaining('Quota di prenotazione campo') }]);
  });
});

describe('refund notes', () => {
  it('are documents of their own, numbered in the same series, referring to the receipt', async () => {
    const member = await createMember(db, { firstName: 'Guido', lastName: 'Novello' });
    const payment = await deskCard(member);
    const refund = await db.transaction.create({
      data: { kind: 'membership', type: 'refund', refundOfId: payment.id, userId: member.id, membershipId: payment.membershipId, amountCents: 2000, method: 'cash', status: 'completed', paidAt: new Date() },
    });
    await postHistory();
    const note = await db.receipt.findUniqueOrThrow({ where: { transactionId: refund.id }, include: { refersTo: true } });
    expect(note).toMatchObject({ kind: 'refund', year, refersToId: payment.receipt!.id });
    expect(note.number).toBeGreaterThan(payment.receipt!.number);
    const response = await request(app).get(`/api/receipts/${note.id}/pdf`).set(bearer(member.token)).buffer(true).expect(200);
    expect(response.headers['content-disposition']).toContain('nota-rimborso-');
    const text = await pdfText(response.body as Buffer);
    const number = (n: number) => `${year}/${String(n).padStart(6, '0')}`;
    expect(text).toContain(`Nota di rimborso n. ${number(note.number)}`);
    expect(text).toContain(`Relativa alla ricevuta n. ${number(payment.receipt!.number)}`);
    expect(text).toContain('RIMBORSATO A Guido Novello');
    expect(text).toContain('20,00 €');

    const mine = await request(app).get('/api/me/receipts').set(bearer(member.token)).expect(200);
    expect(mine.body.data).toMatchObject([
      { id: note.id, kind: 'refund', number: number(note.number), amount: '20.00', refers_to: number(payment.receipt!.number), transaction_id: refund.id },
      { id: payment.receipt!.id, kind: 'receipt', number: number(payment.receipt!.number), amount: '60.00', for: 'membership', membership_id: payment.membershipId, refers_to: null },
    ]);
    const detail = await request(app).get(`/api/admin/transactions/${refund.id}`).set(bearer(admin)).expect(200);
    expect(detail.body.receipt).toMatchObject({ id: note.id, number: number(note.number) });
    const exported = await request(app).get('/api/me/export').set(bearer(member.token)).expect(200);
    expect(exported.body.receipts.map((receipt: { number: string }) => receipt.number)).toEqual([number(note.number), number(payment.receipt!.number)]);
  });
});

describe('who may download a receipt', () => {
  it('the payer and staff; another member is told it does not exist; nobody without logging in', async () => {
    const payer = await createMember(db);
    const other = await createMember(db);
    const { receipt } = await deskCard(payer);
    const path = `/api/receipts/${receipt!.id}/pdf`;
    await request(app).get(path).set(bearer(payer.token)).expect(200);
    await request(app).get(path).set(bearer(staff)).expect(200);
    await request(app).get(path).set(bearer(admin)).expect(200);
    const refused = await request(app).get(path).set(bearer(other.token)).expect(404);
    expect(refused.body.message).toBe('Ricevuta non trovata.');
    await request(app).get(path).expect(401);
    expect((await request(app).get('/api/me/receipts').set(bearer(other.token)).expect(200)).body.data).toEqual([]);
    await request(app).get('/api/receipts/abc/pdf').set(bearer(payer.token)).expect(404);
  });
});

describe('receipts of a child’s enrolment', () => {
  it('name the child as athlete with their fiscal code, the paying parent with theirs, the sport, the course and the 19 % deduction for a traceable payment', async () => {
    const parent = await createMember(db, { firstName: 'Sara', lastName: 'Montefeltro' });
    await db.membership.create({ data: { membershipNumber: `R-${parent.id}`, userId: parent.id, type: 'seasonal', status: 'active', activatedAt: new Date(), fiscalCode: parent.fiscalCode, startDate: fromIsoDate(`${year}-01-01`), endDate: fromIsoDate(`${year}-12-31`), originalPriceCents: 6000, priceCents: 6000 } });
    const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Pietro', lastName: 'Montefeltro', birthDate: fromIsoDate('2016-04-10'), fiscalCode: 'MNTPTR16D10H294X' } });
    const course = await makeCourse(db, { priceCents: 18000 });
    const paidBy = async (method: 'card' | 'cash') => {
      const { id } = (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: course.id, child_id: child.id, kind: 'course' }).expect(201)).body.enrolment;
      await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method }).expect(200);
      const payment = await db.transaction.findFirstOrThrow({ where: { enrolmentId: id, type: 'payment' }, include: { receipt: true } });
      return { id, text: await pdfText(await services.receipts.pdfOf(payment.receipt!.id)) };
    };
    const card = await paidBy('card');
    for (const expected of [
      `VERSATO DA (GENITORE O TUTORE) Sara Montefeltro · C.F. ${parent.fiscalCode}`,
      'ATLETA Pietro Montefeltro, nato/a il 10/04/2016 · C.F. MNTPTR16D10H294X',
      'SPORT Beach volley',
      `Iscrizione · Corso: ${course.name} · per Pietro Montefeltro`,
      '180,00 €',
      'Carta (POS), il ',
      'Pagamento tracciabile',
      'lettera i-quinquies, TUIR',
      `C.F. ${ASSOCIATION.fiscal_code}`,
    ]) expect(card.text).toContain(expected);
    const mine = await request(app).get('/api/me/receipts').set(bearer(parent.token)).expect(200);
    expect(mine.body.data[0]).toMatchObject({ for: 'enrolment', description: `Iscrizione · Corso: ${course.name} · per Pietro Montefeltro` });

    // Cash is no traceable payment: the receipt says it cannot be deducted (the child is enrolled once: cancel first).
    await request(app).post(`/api/admin/enrolments/${card.id}/cancel`).set(bearer(staff)).expect(200);
    const cash = await paidBy('cash');
    expect(cash.text).toContain('Contanti, il ');
    expect(cash.text).toContain('Pagamento in contanti: non tracciabile, non valido per la detrazione');
    expect(cash.text).not.toContain('Pagamento tracciabile');
  });
});
