// Sponsors and investments in the annual accounts (docs/annual-accounts.md#the-mapping): a statement with a
// sponsor's transfer, a beach-volley net bought (an investment) and an old one sold (a disinvestment) is
// imported through the bank and its lines assigned in two clicks to their categories; the year's Mod. D shows
// the sponsor among the commercial income of "other activities" and the purchase and the sale on the lines of
// investments and disinvestments, Mod. B the sponsor's income as commercial and the net written off.
import type { TAnnualAccounts, TBankOverview } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { camt053 } from '../bank/camt-fixture.js';

const { app } = await useTestApp({}, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const today = todayInRome();
const yesterday = addDays(today, -1);

let admin: string;
let accounts: TAnnualAccounts;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: IBAN, holder: 'ASD Beach Club' }).expect(200);
  const statement = camt053({
    iban: IBAN, id: 'STMT-SPONSOR', openingCents: 0, from: yesterday, to: today,
    lines: [
      { bankRef: 'SP1', on: yesterday, cents: 150_000, counterparty: 'Bar Bagni Aurora Srl', remittance: 'Sponsorizzazione torneo estivo' },
      { bankRef: 'EQ1', on: today, cents: -42_000, counterparty: 'Sport Forniture Spa', remittance: 'Fattura 118 rete da beach volley' },
      { bankRef: 'EQ2', on: today, cents: 6000, counterparty: 'Circolo Nautico', remittance: 'Vendita rete usata' },
    ],
  });
  await request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', Buffer.from(statement), { filename: 'estratto.xml', contentType: 'application/xml' }).expect(200);
  const { lines } = (await request(app).get('/api/admin/bank').set(bearer(admin)).expect(200)).body as TBankOverview;
  const assign = (amount: string, category: string) =>
    request(app).post(`/api/admin/bank/lines/${lines.find((line) => line.amount === amount)!.id}/assign`).set(bearer(admin)).send({ category }).expect(200);
  await assign('1500.00', 'sponsors');
  await assign('-420.00', 'equipment');
  await assign('60.00', 'equipment_sale');
  accounts = (await request(app).get(`/api/admin/annual-accounts/years/${today.slice(0, 4)}`).set(bearer(admin)).expect(200)).body as TAnnualAccounts;
});

describe('sponsors and investments in the year’s accounts', () => {
  it('puts the sponsor among the commercial income of other activities, the purchase and the sale among investments (Mod. D)', () => {
    const { figures, receipts, payments } = accounts.mod_d;
    expect(figures['B.E3']).toBe('1500.00');
    expect(figures['I.U1']).toBe('420.00');
    expect(figures['I.E1']).toBe('60.00');
    expect(figures.NC).toBe('0.00');
    expect({ receipts, payments }).toEqual({ receipts: '1560.00', payments: '420.00' });
  });

  it('earns the sponsor as commercial income and writes the net off in the year (Mod. B)', () => {
    const { figures, commercial } = accounts.mod_b;
    expect(figures['B.R3']).toBe('1500.00');
    expect(figures['A.C5']).toBe('420.00');
    expect(figures['A.R10']).toBe('60.00');
    expect(commercial).toBe('1500.00');
  });

  it('lists the sponsor’s entry behind its figure', async () => {
    const entries = (await request(app).get(`/api/admin/annual-accounts/years/${today.slice(0, 4)}/D/B.E3/entries`).set(bearer(admin)).expect(200)).body as { data: { amount: string }[] };
    expect(entries.data.map((entry) => entry.amount)).toEqual(['1500.00']);
  });
});
