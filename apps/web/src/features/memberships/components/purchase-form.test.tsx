import type { TMembershipQuote } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../../lib/session';
import { jsonResponse, userWithRole } from '../../../test/fixtures';
import { pageLocation } from '../../../lib/checkout';
import { aMembership, PRICES, renderAt, stubApiForEachTest, yearsFromToday } from '../../../test/test-support';
import { PurchaseForm } from './purchase-form';

/** Where the page was sent, instead of leaving it. */
let goToCheckout: MockInstance<(url: string) => void>;

const QUOTE: TMembershipQuote = {
  type: 'seasonal',
  start_date: '2026-06-01',
  end_date: '2026-09-30',
  has_insurance: true,
  insurance_included: false,
  is_bvu_member: false,
  coupon_code: null,
  lines: [
    { label: 'Tessera stagionale', amount: '60.00' },
    { label: 'Assicurazione', amount: '10.00' },
  ],
  original_price: '70.00',
  discount_amount: '0.00',
  price: '70.00',
  pay_online: true,
};

const signInBornOn = (birthDate: string | null) => session.save({ token: 'token-1', user: userWithRole('user', { birth_date: birthDate }), remember: false });
const renderForm = () => renderAt(<PurchaseForm />, { url: '/tesseramento' });
const offeredTypes = () => screen.queryAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
const choose = (type: RegExp) => fireEvent.click(screen.getByRole('radio', { name: type }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorUnder = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

const { handlers, bodiesOf } = stubApiForEachTest();
beforeEach(() => {
  goToCheckout = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
  handlers['GET /api/prices'] = () => jsonResponse(200, PRICES);
  handlers['POST /api/memberships/quote'] = () => jsonResponse(200, QUOTE);
});

describe('membership types', () => {
  it('offers only the types the member’s age allows, each with its price', async () => {
    signInBornOn(yearsFromToday(-20));
    renderForm();
    expect(offeredTypes()).toEqual(['seasonal', 'under_23', 'monthly', 'weekly', 'daily']);
    expect(screen.queryByLabelText(/Data di nascita/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Stagionale/ }).closest('label')!.textContent).toContain('60,00\u00a0€'));
  });

  it('asks the birth date when the profile has none, and offers under 18 to a minor', async () => {
    signInBornOn(null);
    renderForm();
    expect(offeredTypes()).toEqual([]);
    type(/Data di nascita/, yearsFromToday(-17));
    expect(offeredTypes()).toEqual(['seasonal', 'under_23', 'under_18', 'monthly', 'weekly', 'daily']);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Under 18/ }).closest('label')!.textContent).toContain('Gratuita'));

    choose(/^Under 18/);
    type(/Data di nascita/, yearsFromToday(-30));
    expect(offeredTypes()).toEqual(['seasonal', 'monthly', 'weekly', 'daily']);
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });
});

describe('fields by type', () => {
  it('asks a start date only for period cards and offers insurance and BVU only where they apply', async () => {
    signInBornOn(yearsFromToday(-30));
    renderForm();
    choose(/^Stagionale/);
    expect(screen.queryByLabelText(/Primo giorno di validità/)).toBeNull();
    expect(await screen.findByLabelText("Aggiungi l'assicurazione (+ 10,00 €)")).toBeTruthy();
    expect(screen.queryByLabelText(/Codice tessera BVU/)).toBeNull();

    fireEvent.click(screen.getByLabelText('Sei tesserato BVU?'));
    expect(screen.getByLabelText(/Codice tessera BVU/)).toBeTruthy();
    expect(screen.queryByLabelText(/Aggiungi l'assicurazione/)).toBeNull();
    expect(screen.getByText('Assicurazione inclusa')).toBeTruthy();

    choose(/^Mensile/);
    expect(screen.getByLabelText(/Primo giorno di validità/)).toBeTruthy();
    expect(screen.getByText('Valida 30 giorni a partire dal giorno scelto.')).toBeTruthy();
    expect(screen.getByText('Assicurazione inclusa')).toBeTruthy();
    expect(screen.queryByLabelText('Sei tesserato BVU?')).toBeNull();
    expect(screen.queryByLabelText(/Aggiungi l'assicurazione/)).toBeNull();
  });
});

describe('live quote', () => {
  it('asks the server once the inputs are complete and shows lines, total and validity', async () => {
    signInBornOn(yearsFromToday(-30));
    renderForm();
    choose(/^Stagionale/);
    expect(screen.getByText('Completa i dati per vedere il prezzo.')).toBeTruthy();
    type(/Codice fiscale/, 'rssgli90a41h501x');
    fireEvent.click(await screen.findByLabelText(/Aggiungi l'assicurazione/));

    const summary = screen.getByRole('region', { name: 'Riepilogo' });
    await waitFor(() => expect(summary.textContent).toContain('Totale70,00\u00a0€'));
    expect(summary.textContent).toContain('valida dal 01/06/2026 al 30/09/2026');
    expect(summary.textContent).toContain('Assicurazione10,00\u00a0€');
    // Never asked with a half-typed fiscal code.
    expect(bodiesOf('POST /api/memberships/quote').every((body) => (body as { fiscal_code: string }).fiscal_code === 'RSSGLI90A41H501X')).toBe(true);
    expect(bodiesOf('POST /api/memberships/quote').at(-1)).toEqual({
      type: 'seasonal', fiscal_code: 'RSSGLI90A41H501X', birth_date: null, start_date: null, with_insurance: true, bvu_card_code: null, coupon_code: null,
    });
    expect(screen.getByRole('button', { name: /^Paga 70,00\s€ online$/ })).toBeTruthy();
  });

  it('shows a discount, and a 422 coupon message under the coupon field', async () => {
    signInBornOn(yearsFromToday(-30));
    handlers['POST /api/memberships/quote'] = (body) => {
      const coupon = (body as { coupon_code: string | null }).coupon_code;
      if (coupon === 'SCADUTO') return jsonResponse(422, { message: 'I dati inviati non sono validi.', errors: { coupon_code: ['Il coupon non è più valido.'] } });
      if (!coupon) return jsonResponse(200, QUOTE);
      return jsonResponse(200, { ...QUOTE, coupon_code: coupon, lines: [...QUOTE.lines, { label: `Sconto coupon ${coupon}`, amount: '-7.00' }], discount_amount: '7.00', price: '63.00' });
    };
    renderForm();
    choose(/^Stagionale/);
    type(/Codice fiscale/, 'RSSGLI90A41H501X');
    type(/Codice coupon/, 'estate10');
    const summary = screen.getByRole('region', { name: 'Riepilogo' });
    await waitFor(() => expect(summary.textContent).toContain('Sconto (coupon ESTATE10)− 7,00\u00a0€'));
    expect(summary.textContent).toContain('Prezzo pieno70,00\u00a0€');
    expect(summary.textContent).toContain('Totale63,00\u00a0€');
    expect(summary.textContent).not.toContain('Sconto coupon ESTATE10');

    type(/Codice coupon/, 'scaduto');
    const coupon = screen.getByLabelText(/Codice coupon/);
    await waitFor(() => expect(errorUnder(coupon)).toBe('Il coupon non è più valido.'));
    expect(summary.textContent).toContain('Correggi i campi segnalati per vedere il prezzo.');
    expect(screen.getByRole('button', { name: 'Richiedi la tessera' })).toBeTruthy();
  });
});

describe('submitting', () => {
  it('sends the choices without any price and goes to the checkout page', async () => {
    signInBornOn(null);
    handlers['POST /api/memberships'] = () => jsonResponse(201, { membership: aMembership({ status: 'pending', awaiting: 'payment' }), checkout_url: 'http://localhost:12111/checkout/cs_test_1' });
    renderForm();
    const birthDate = yearsFromToday(-40);
    type(/Data di nascita/, birthDate);
    choose(/^Settimanale/);
    type(/Primo giorno di validità/, '2027-06-10');
    type(/Codice fiscale/, 'rssgli90a41h501x');
    fireEvent.click(await screen.findByRole('button', { name: /^Paga 70,00\s€ online$/ }));

    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('http://localhost:12111/checkout/cs_test_1'));
    expect(bodiesOf('POST /api/memberships')).toEqual([
      { type: 'weekly', fiscal_code: 'RSSGLI90A41H501X', birth_date: birthDate, start_date: '2027-06-10', with_insurance: false, bvu_card_code: null, coupon_code: null },
    ]);
    expect(screen.getByRole('button', { name: /Apertura del pagamento/ })).toHaveProperty('disabled', true);
  });

  it('requests a minor’s free card for the desk and remembers the birth date given', async () => {
    signInBornOn(null);
    const birthDate = yearsFromToday(-15);
    handlers['POST /api/memberships/quote'] = () =>
      jsonResponse(200, { ...QUOTE, type: 'under_18', lines: [{ label: 'Tessera under 18', amount: '0.00' }], original_price: '0.00', price: '0.00', pay_online: false });
    handlers['POST /api/memberships'] = () => jsonResponse(201, { membership: aMembership({ membership_number: 'T2026-00077', type: 'under_18', status: 'pending', awaiting: 'desk' }), checkout_url: null });
    renderForm();
    type(/Data di nascita/, birthDate);
    choose(/^Under 18/);
    type(/Codice fiscale/, 'RSSGLI90A41H501X');
    fireEvent.click(await screen.findByRole('button', { name: 'Richiedi la tessera' }));

    expect((await screen.findByText('Richiesta inviata: tessera T2026-00077')).parentElement!.textContent).toContain('Passa in segreteria');
    expect(bodiesOf('POST /api/memberships')[0]).toMatchObject({ type: 'under_18', birth_date: birthDate, with_insurance: false });
    expect(goToCheckout).not.toHaveBeenCalled();
    expect(session.get()?.user.birth_date).toBe(birthDate);
    expect((screen.getByLabelText(/Codice fiscale/) as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending and shows the server’s refusal', async () => {
    signInBornOn(yearsFromToday(-30));
    handlers['POST /api/memberships'] = () => jsonResponse(409, { message: 'Hai già una tessera valida in queste date.' });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi la tessera' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText(/Codice fiscale/))).toBe('Il codice fiscale è fatto di 16 lettere e cifre.'));
    expect(within(screen.getByRole('group', { name: /Tipo di tessera/ })).getByText('Scegli il tipo di tessera.')).toBeTruthy();
    expect(bodiesOf('POST /api/memberships')).toEqual([]);

    choose(/^Stagionale/);
    type(/Codice fiscale/, 'RSSGLI90A41H501X');
    fireEvent.click(screen.getByRole('button', { name: /Paga|Richiedi/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hai già una tessera valida in queste date.');
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('words its own checks and hints in the page’s language', async () => {
    await loadParts(i18n, 'de', ['shell', 'home', 'member', 'contracts']);
    i18n.activate('de');
    signInBornOn(yearsFromToday(-40));
    renderForm();
    choose(/^Wochenkarte/);
    type(/Steuernummer/, 'RSSGLI90A41H501X');
    expect(screen.getByText('7 Tage gültig ab dem gewählten Tag.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mitgliedskarte beantragen' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText(/Erster Gültigkeitstag/))).toBe('Wähle den ersten Gültigkeitstag.'));
    expect(bodiesOf('POST /api/memberships')).toEqual([]);
  });
});
