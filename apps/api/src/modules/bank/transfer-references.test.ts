// Paying a card and a tournament part by transfer (docs/annual-accounts.md#matching), through the real database
// and the Stripe double: the member reads the IBAN, amount and RF reference of what they owe; a CAMT.053
// statement built here carries those references (one structured, one in the free text with spaces), and the
// matching pays both through the ledger with their receipts; the same reference again, already paid, stays
// open for the treasurer with a note and pays nothing twice, until the treasurer gives it back.
import type { TAmountsDue, TBankOverview, TReconciliation, TTransferDetails } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';
import { giveCard } from '../enrolments/test-courses.js';
import { accounts, owedOne } from '../ledger/index.js';
import { makeTournament } from '../tournaments/test-tournaments.js';
import { camt053 } from './camt-fixture.js';

const { app, db } = await useTestApp({}, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const today = todayInRome();
const grouped = (text: string) => text.replace(/(.{4})/g, '$1 ').trim();

let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: IBAN, holder: 'ASD Beach Club' }).expect(200);
});

const upload = (xml: string) => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', Buffer.from(xml), { filename: 'estratto.xml', contentType: 'application/xml' });

describe('a card and a tournament part paid by their RF references', () => {
  it('are paid through the ledger with their receipts; the same reference again stays for the treasurer, paying nothing twice', async () => {
    const holder = await createMember(db, { firstName: 'Carla', lastName: 'Tesserini' });
    const card = (await request(app).post('/api/memberships').set(bearer(holder.token)).send({ type: 'seasonal', fiscal_code: holder.fiscalCode }).expect(201)).body.membership as { id: number; price: string };
    const cardTransfer = (await request(app).get(`/api/me/memberships/${card.id}/transfer`).set(bearer(holder.token)).expect(200)).body as TTransferDetails;
    expect(cardTransfer).toMatchObject({ iban: IBAN, holder: 'ASD Beach Club', amount: card.price, reference: expect.stringMatching(new RegExp(`^RF\\d{2}M${card.id}$`)), qr_svg: expect.stringMatching(/^<svg/) });

    const player = await createMember(db, { firstName: 'Piero', lastName: 'Torneanti' });
    await giveCard(db, player.id);
    const tournament = await makeTournament(db, { feeCents: 2500, format: 'king_of_the_beach' });
    const entry = (await request(app).post(`/api/tournaments/${tournament.id}/entries`).set(bearer(player.token)).send({ partner_email: null }).expect(201)).body.entry as { id: number };
    const partTransfer = (await request(app).get(`/api/me/tournament-entries/${entry.id}/transfer`).set(bearer(player.token)).expect(200)).body as TTransferDetails;
    const playerRow = await db.tournamentPlayer.findFirstOrThrow({ where: { entryId: entry.id, userId: player.id } });
    expect(partTransfer).toMatchObject({ amount: '25.00', reference: expect.stringMatching(new RegExp(`^RF\\d{2}T${playerRow.id}$`)) });
    // Nobody reads another member's amounts due.
    await request(app).get(`/api/me/memberships/${card.id}/transfer`).set(bearer(player.token)).expect(404);
    await request(app).get(`/api/me/tournament-entries/${entry.id}/transfer`).set(bearer(holder.token)).expect(404);

    const cardCents = Math.round(Number(card.price) * 100);
    const statement = camt053({
      iban: IBAN, id: 'STMT-REF', openingCents: 0, from: today, to: today,
      lines: [
        { bankRef: 'R-001', on: today, cents: cardCents, counterparty: 'TESSERINI CARLA', reference: cardTransfer.reference },
        { bankRef: 'R-002', on: today, cents: 2500, counterparty: 'TORNEANTI PIERO', remittance: `quota torneo ${grouped(partTransfer.reference)}` },
        { bankRef: 'R-003', on: today, cents: cardCents, counterparty: 'TESSERINI CARLA', reference: cardTransfer.reference },
      ],
    });
    expect((await upload(statement).expect(200)).body).toMatchObject({ lines_added: 3, matched: 2, proposed: 0 });

    // The card: paid by a completed transfer with its receipt, nothing owed, active.
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('active');
    const cardPayments = await db.transaction.findMany({ where: { membershipId: card.id, status: 'completed' }, include: { receipt: true } });
    expect(cardPayments).toHaveLength(1);
    expect(cardPayments[0]).toMatchObject({ method: 'bank_transfer', amountCents: cardCents, receipt: expect.objectContaining({ transactionId: cardPayments[0]!.id }) });
    expect(await owedOne(db, accounts.membership(card.id))).toBe(0);
    // The tournament part: paid the same way, the entry confirmed.
    const partPayment = await db.transaction.findFirstOrThrow({ where: { tournamentPlayerId: playerRow.id, status: 'completed' }, include: { receipt: true } });
    expect(partPayment).toMatchObject({ method: 'bank_transfer', amountCents: 2500, receipt: expect.objectContaining({ transactionId: partPayment.id }) });
    expect(await owedOne(db, accounts.tournamentPlayer(playerRow.id))).toBe(0);
    expect((await db.tournamentEntry.findUniqueOrThrow({ where: { id: entry.id } })).status).toBe('confirmed');

    const { lines } = (await request(app).get('/api/admin/bank').set(bearer(admin)).expect(200)).body as TBankOverview;
    const byAmountAndState = lines.map((line) => [line.amount, line.state, line.match ?? line.note]);
    expect(byAmountAndState).toEqual(expect.arrayContaining([
      [card.price, 'matched', `Tessera n. ${card.id} (${cardTransfer.reference})`],
      ['25.00', 'matched', `Quota torneo del giocatore n. ${playerRow.id} (${partTransfer.reference})`],
      [card.price, 'open', `Il riferimento ${cardTransfer.reference} non corrisponde a un importo da pagare di ${card.price} €.`],
    ]));
    // Nothing was owed any more: the member's page says so, rather than offering the reference again.
    expect((await request(app).get(`/api/me/memberships/${card.id}/transfer`).set(bearer(holder.token)).expect(404)).body.message).toBe('Tessera non trovata.');
    expect((await request(app).get(`/api/me/tournament-entries/${entry.id}/transfer`).set(bearer(player.token)).expect(409)).body.message).toBe('Non c’è nulla da pagare.');
  });

  it('are on the desk’s print of what a member owes, each with its IBAN, amount, reference and QR code (members may not read it), and proposed by the payer’s name without it', async () => {
    const member = await createMember(db, { firstName: 'Dario', lastName: 'Stampati' });
    await giveCard(db, member.id);
    const card = (await request(app).post('/api/memberships').set(bearer(member.token)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201)).body.membership as { id: number; price: string; membership_number: string };
    const tournament = await makeTournament(db, { feeCents: 1800, format: 'king_of_the_beach' });
    const entry = (await request(app).post(`/api/tournaments/${tournament.id}/entries`).set(bearer(member.token)).send({ partner_email: null }).expect(201)).body.entry as { id: number };
    const staff = await loginAs(app, DEMO.staff);
    const print = (await request(app).get(`/api/admin/users/${member.id}/amounts-due`).set(bearer(staff)).expect(200)).body as TAmountsDue;
    const asMember = async (path: string) => ((await request(app).get(path).set(bearer(member.token)).expect(200)).body as TTransferDetails).reference;
    expect(print).toEqual({
      member: 'Dario Stampati',
      items: [
        { what: `Tessera n. ${card.membership_number}`, amount: card.price, transfer: expect.objectContaining({ iban: IBAN, amount: card.price, reference: await asMember(`/api/me/memberships/${card.id}/transfer`), qr_svg: expect.stringMatching(/^<svg/) }) },
        { what: `Quota torneo: ${tournament.name}`, amount: '18.00', transfer: expect.objectContaining({ amount: '18.00', reference: await asMember(`/api/me/tournament-entries/${entry.id}/transfer`) }) },
      ],
    });
    await request(app).get(`/api/admin/users/${member.id}/amounts-due`).set(bearer(member.token)).expect(403);

    // A transfer without the reference, of exactly the part, from the payer's name: proposed, then confirmed by the treasurer.
    const statement = camt053({ iban: IBAN, id: 'STMT-NAME', openingCents: 0, from: today, to: today, lines: [{ bankRef: 'N-001', on: today, cents: 1800, counterparty: 'STAMPATI DARIO', remittance: 'torneo' }] });
    expect((await upload(statement).expect(200)).body).toMatchObject({ lines_added: 1, matched: 0, proposed: 1 });
    const proposed = ((await request(app).get('/api/admin/bank?state=proposed').set(bearer(admin)).expect(200)).body as TBankOverview).lines.find((line) => line.counterparty === 'STAMPATI DARIO')!;
    expect(proposed.match).toBe(`Quota torneo: ${tournament.name} · Stampati Dario (${print.items[1]!.transfer!.reference})`);
    expect((await request(app).post(`/api/admin/bank/lines/${proposed.id}/confirm`).set(bearer(admin)).expect(200)).body.state).toBe('matched');
    expect((await db.tournamentEntry.findUniqueOrThrow({ where: { id: entry.id } })).status).toBe('confirmed');
    expect(((await request(app).get(`/api/admin/users/${member.id}/amounts-due`).set(bearer(staff)).expect(200)).body as TAmountsDue).items.map((item) => item.what)).toEqual([`Tessera n. ${card.membership_number}`]);
  });

  it('leave the transfer paid twice to the treasurer, who gives it back: both lines assigned, the bank equals the statement', async () => {
    const twice = ((await request(app).get('/api/admin/bank?state=open').set(bearer(admin)).expect(200)).body as TBankOverview).lines.find((line) => line.counterparty === 'TESSERINI CARLA')!;
    const cents = Math.round(Number(twice.amount) * 100);
    // The account held every line so far (the first statement opened at nothing).
    const held = (await db.bankLine.aggregate({ _sum: { amountCents: true } }))._sum.amountCents!;
    const statement = camt053({ iban: IBAN, id: 'STMT-BACK', openingCents: held, from: today, to: today, lines: [{ bankRef: 'B-001', on: today, cents: -cents, counterparty: 'TESSERINI CARLA', remittance: 'restituzione bonifico doppio' }] });
    expect((await upload(statement).expect(200)).body).toMatchObject({ lines_added: 1 });
    const back = ((await request(app).get('/api/admin/bank?state=open').set(bearer(admin)).expect(200)).body as TBankOverview).lines.find((line) => line.amount === `-${twice.amount}`)!;
    for (const line of [twice, back]) await request(app).post(`/api/admin/bank/lines/${line.id}/assign`).set(bearer(admin)).send({ category: 'other_income' }).expect(200);
    const proof = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(proof.checks.find((one) => one.name === 'bank_statement')).toMatchObject({ ok: true });
  });
});
