import type { TBooking, TCarnet } from '@beach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aBookingSplit, C2_MORNING } from '../../../test/bookings';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest, Where } from '../../../test/test-support';
import BookingPaymentPage from './booking-payment-page';

const ABANDONED = 'Pagamento annullato: non ti è stato addebitato nulla e il credito messo da parte è di nuovo disponibile.';

const held = (overrides: Partial<TBooking> = {}): TBooking => ({
  id: 7,
  ...C2_MORNING,
  status: 'pending_payment',
  paid_with: null,
  full_day: false,
  original_price: '20.00',
  discount: '0.00',
  price: '20.00',
  coupon_code: null,
  hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  payment_status: null,
  can_pay: true,
  can_cancel: true,
  created_at: new Date().toISOString(),
  has_players: false,
  rain_check: null,
  ...overrides,
});

const credit = (available: string, reserved = '0.00') => creditStatement('15.00', { reserved, available });

const carnet = (covers: TCarnet['product']['covers'], id = 1): TCarnet => ({
  id,
  product: { id, name: covers === 'court' ? 'Carnet campo intero' : 'Carnet quote', band: 'any', covers, court_ids: [] },
  uses_total: 5,
  uses_left: 3,
  valid_from: '2027-05-01',
  valid_until: '2027-09-30',
  usable: true,
  created_at: '2027-05-01T08:00:00.000Z',
});

const WITH_PLAYERS = aBookingSplit({
  organiser_share: '5.00',
  players: [1, 2, 3].map((id) => ({ id, name: `Giocatore ${id}`, guest: false, share: '5.00', status: 'invited' as const, paid_with: null, paid_at: null, is_me: false })),
});

const { handlers, bodiesOf } = stubApiForEachTest('user');

beforeEach(() => {
  handlers['GET /api/bookings/7'] = () => jsonResponse(200, held());
  handlers['GET /api/bookings/7/players'] = () => jsonResponse(200, aBookingSplit());
  handlers['GET /api/payments/config'] = () => jsonResponse(200, { enabled: true, test_mode: false });
  handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, credit('15.00'));
  handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [] });
});

const renderPage = (url = '/prenotazioni/pagamento/7', state?: unknown) =>
  renderAt(
    <StrictMode>
      <BookingPaymentPage />
      <Where />
    </StrictMode>,
    { url, path: '/prenotazioni/pagamento/:bookingId', state },
  );

describe('a booking just made while the member owes the centre', () => {
  it('says what they still owe and where to pay it, above the payment; nothing when the booking said nothing', async () => {
    const { unmount } = renderPage('/prenotazioni/pagamento/7', { debt: '4.50' });
    expect((await screen.findByText(/^Devi ancora 4,50\s€ al centro\.$/)).closest('[role]')!.textContent).toContain('Saldalo dal tuo profilo con la carta, o in segreteria.');
    unmount();
    renderPage();
    await screen.findByText('Pagamento prenotazione');
    expect(screen.queryByText(/Devi ancora/)).toBeNull();
  });
});

describe('back from Stripe’s "Annulla"', () => {
  it('abandons the checkout once, says so, frees the credit set aside and drops ?pagamento=annullato', async () => {
    // 5 € of the 15 € were set aside for the card checkout the member left.
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, credit('10.00', '5.00'));
    handlers['POST /api/bookings/7/checkout/abandon'] = () => {
      handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, credit('15.00'));
      return jsonResponse(200, { message: ABANDONED, booking: held() });
    };
    renderPage('/prenotazioni/pagamento/7?pagamento=annullato');
    await screen.findByText(ABANDONED);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/prenotazioni/pagamento/7'));
    // The credit is read again: all of it can go towards the price.
    await screen.findByRole('button', { name: /^Usa il credito \(15,00\s€\) e paga il resto con carta$/ });
    expect(bodiesOf('POST /api/bookings/7/checkout/abandon')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Paga con carta' })).toBeTruthy();
  });

  it('reads the credit again even when its first read, sent before the checkout was abandoned, answers after', async () => {
    // The first read of the credit leaves before the abandonment commits and comes back after it, with the 5 € still set aside.
    let creditAsked!: () => void;
    const asked = new Promise<void>((resolve) => (creditAsked = resolve));
    let abandoned!: () => void;
    const answered = new Promise<void>((resolve) => (abandoned = resolve));
    handlers['GET /api/me/credit?page=1&per_page=10'] = async () => {
      creditAsked();
      await answered;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return jsonResponse(200, credit('10.00', '5.00'));
    };
    handlers['POST /api/bookings/7/checkout/abandon'] = async () => {
      await asked;
      handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, credit('15.00'));
      setTimeout(abandoned, 0);
      return jsonResponse(200, { message: ABANDONED, booking: held() });
    };
    renderPage('/prenotazioni/pagamento/7?pagamento=annullato');
    await screen.findByText(ABANDONED);
    await screen.findByRole('button', { name: /^Usa il credito \(15,00\s€\) e paga il resto con carta$/ });
  });

  it('still says nothing was charged when the abandon call fails', async () => {
    handlers['POST /api/bookings/7/checkout/abandon'] = () => jsonResponse(500, { message: 'Errore interno.' });
    renderPage('/prenotazioni/pagamento/7?pagamento=annullato');
    await screen.findByText('Pagamento annullato: non ti è stato addebitato nulla.');
    expect(bodiesOf('POST /api/bookings/7/checkout/abandon')).toHaveLength(1);
  });

  it('says the server’s refusal when the checkout was paid meanwhile, not that nothing was charged', async () => {
    const alreadyPaid = 'Il pagamento risulta già effettuato: aggiorna la pagina tra qualche secondo.';
    handlers['POST /api/bookings/7/checkout/abandon'] = () => jsonResponse(409, { message: alreadyPaid });
    renderPage('/prenotazioni/pagamento/7?pagamento=annullato');
    await screen.findByText(alreadyPaid);
    expect(screen.queryByText(/non ti è stato addebitato nulla/)).toBeNull();
  });

  it('is not called on an ordinary visit', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Paga con carta' });
    await screen.findByRole('button', { name: /^Usa il credito/ });
    expect(bodiesOf('POST /api/bookings/7/checkout/abandon')).toHaveLength(0);
    expect(screen.queryByText(/Pagamento annullato/)).toBeNull();
  });
});

describe('Paga con il carnet', () => {
  it('says before paying that a use pays only the organiser’s share, and shows the answer once paid', async () => {
    handlers['GET /api/bookings/7/players'] = () => jsonResponse(200, WITH_PLAYERS);
    handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [carnet('share')] });
    const answer = 'La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.';
    handlers['POST /api/bookings/7/pay-with-carnet'] = () => {
      handlers['GET /api/bookings/7'] = () => jsonResponse(200, held({ status: 'confirmed', paid_with: 'carnet', hold_expires_at: null, can_pay: false }));
      return jsonResponse(200, { message: answer, carnet: { ...carnet('share'), uses_left: 2 } });
    };
    renderPage();
    await screen.findByText(/^Hai un carnet: un ingresso paga solo la tua quota \(5,00\s€\): gli altri giocatori pagano la loro\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Paga con il carnet' }));
    const paid = await screen.findByText(answer);
    expect(paid.parentElement!.textContent).toContain('Questa prenotazione è già pagata e confermata.');
  });

  it('waits for the players’ split before saying what a use pays (never the whole price first)', async () => {
    let answerSplit!: () => void;
    handlers['GET /api/bookings/7/players'] = () => new Promise<Response>((resolve) => (answerSplit = () => resolve(jsonResponse(200, WITH_PLAYERS))));
    handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [carnet('share')] });
    renderPage();
    await screen.findByRole('button', { name: 'Paga con carta' });
    await waitFor(() => expect(answerSplit).toBeTypeOf('function'));
    expect(screen.queryByText(/^Hai un carnet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Paga con il carnet' })).toBeNull();
    answerSplit();
    await screen.findByText(/^Hai un carnet: un ingresso paga solo la tua quota \(5,00\s€\): gli altri giocatori pagano la loro\.$/);
    expect(screen.queryByText(/paga questa prenotazione/)).toBeNull();
  });

  it('says a carnet for the whole court pays the other players’ shares too', async () => {
    handlers['GET /api/bookings/7/players'] = () => jsonResponse(200, WITH_PLAYERS);
    handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [carnet('court')] });
    renderPage();
    await screen.findByText(/^Hai un carnet: un ingresso paga tutto il campo \(20,00\s€\), comprese le quote degli altri giocatori\.$/);
  });

  it('says a use pays the whole booking when the organiser plays without other players, whatever the carnets cover', async () => {
    handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [carnet('share', 1), carnet('court', 2)] });
    renderPage();
    await screen.findByText(/^Hai un carnet: un ingresso paga questa prenotazione \(20,00\s€\)\.$/);
  });

  it('lists what each carnet pays when they differ and other players share the court', async () => {
    handlers['GET /api/bookings/7/players'] = () => jsonResponse(200, WITH_PLAYERS);
    handlers['GET /api/me/carnets'] = () => jsonResponse(200, { data: [carnet('share', 1), carnet('court', 2)] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Cosa paga un ingresso' });
    expect(list.textContent).toMatch(/Carnet quote: un ingresso paga solo la tua quota \(5,00\s€\)/);
    expect(list.textContent).toMatch(/Carnet campo intero: un ingresso paga tutto il campo \(20,00\s€\)/);
  });
});
