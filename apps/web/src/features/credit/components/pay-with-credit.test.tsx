import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { PayMembershipWithCredit, PayWithCredit } from './pay-with-credit';

const statement = creditStatement;
const { handlers, bodiesOf } = stubApiForEachTest('user');

const renderFor = (price: string) => renderAt(<PayWithCredit bookingId={7} price={price} />, { url: '/prenotazioni/pagamento/7' });

describe('Paga con il credito', () => {
  it('pays a booking the balance covers', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('20.00'));
    handlers['POST /api/bookings/7/pay-with-credit'] = () => jsonResponse(200, { message: 'Prenotazione pagata con il credito.', balance: '0.00', movement: { id: 1, amount: '-20.00', kind: 'payment', pending: false, reason: null, by: null, booking_id: 7, created_at: new Date().toISOString() } });
    renderFor('20.00');
    fireEvent.click(await screen.findByRole('button', { name: 'Paga con il credito' }));
    await waitFor(() => expect(bodiesOf('POST /api/bookings/7/pay-with-credit')).toHaveLength(1));
  });

  it('is not offered when the balance does not cover the price', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('19.99'));
    // Beside it a cheaper booking the same balance covers: once its button shows, the balance is known.
    renderAt(
      <>
        <PayWithCredit bookingId={7} price="20.00" />
        <PayWithCredit bookingId={8} price="19.99" />
      </>,
      { url: '/prenotazioni/pagamento/7' },
    );
    await screen.findByRole('button', { name: 'Paga con il credito' });
    expect(screen.getAllByRole('button', { name: 'Paga con il credito' })).toHaveLength(1);
  });

  it('counts only the credit available now: what is set aside for a payment under way does not pay', async () => {
    // 25 € held, 10 € of it set aside for another checkout: 15 € can pay now.
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('25.00', { reserved: '10.00', available: '15.00' }));
    renderAt(
      <>
        <PayWithCredit bookingId={7} price="20.00" />
        <PayWithCredit bookingId={8} price="15.00" />
      </>,
      { url: '/prenotazioni/pagamento/7' },
    );
    await screen.findByRole('button', { name: 'Paga con il credito' });
    expect(screen.getAllByRole('button', { name: 'Paga con il credito' })).toHaveLength(1);
    expect(screen.getByText(/^Il tuo credito disponibile è di 15,00\s€/)).toBeTruthy();
  });

  it('offers a membership card the balance covers, with its price, and none it does not', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('69.99'));
    renderAt(
      <>
        <PayMembershipWithCredit membershipId={5} price="70.00" />
        <PayMembershipWithCredit membershipId={6} price="69.99" />
      </>,
      { url: '/tesseramento' },
    );
    await screen.findByRole('button', { name: /^Paga con il credito \(69,99\s€\)$/ });
    expect(screen.getAllByRole('button', { name: /Paga con il credito/ })).toHaveLength(1);
  });
});
