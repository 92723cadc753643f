import { romeInstant, type TAdminBooking, type TBookingPlayer, type TBookingSplit, type TDeskMatch, type TPlanner } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aBookingSplit, anAdminBooking } from '../../../test/bookings';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { BookingDetailModal } from './booking-detail-modal';

const COURTS: TPlanner['courts'] = [{ id: 2, code: 'C2', name: 'Campo C2', row: null, has_lights: true, is_bookable: true }];

const player = (id: number, overrides: Partial<TBookingPlayer>): TBookingPlayer => ({ id, name: `Giocatore ${id}`, guest: false, share: '5.00', status: 'invited', paid_with: null, paid_at: null, is_me: false, ...overrides });

/** The organiser paid their 5 € share by card; the players still owe `owed`. */
const split = (players: TBookingPlayer[], owed: string): TBookingSplit =>
  aBookingSplit({ booking_id: 31, booking_status: 'confirmed', organiser_share: '5.00', organiser_paid: '5.00', organiser_paid_with: 'card', owed, players, can_manage: false });

const { handlers, bodiesOf } = stubApiForEachTest('staff');

const renderModal = (booking: TAdminBooking, onDone = vi.fn()) => {
  renderAt(<BookingDetailModal booking={booking} courts={COURTS} onClose={vi.fn()} onDone={onDone} />, { url: '/admin/prenotazioni' });
  return onDone;
};

describe('the desk’s booking detail', () => {
  it('reads what is still owed from the server and collects it all, the players’ unpaid shares included', async () => {
    // The organiser paid their share with a carnet; one player paid by card, two still owe 5 € each.
    handlers['GET /api/bookings/31/players'] = () =>
      jsonResponse(200, split([player(1, { status: 'paid', paid_with: 'card', paid_at: romeInstant('2027-07-10', '09:00') }), player(2, {}), player(3, {})], '10.00'));
    handlers['POST /api/admin/bookings/31/mark-paid'] = () => jsonResponse(200, { message: 'Pagamento registrato.', booking: anAdminBooking({ owed: '0.00', paid: '20.00' }) });
    const booking = anAdminBooking({ paid_with: 'carnet', payment_state: 'paid', paid: '10.00', owed: '10.00' });
    const onDone = renderModal(booking);
    const payment = screen.getByRole('region', { name: 'Pagamento' });
    expect(payment.textContent).toMatch(/Prezzo20,00\s€Pagato10,00\s€Ancora da incassare10,00\s€/);

    fireEvent.click(screen.getByRole('button', { name: 'Segna pagata' }));
    const section = screen.getByRole('region', { name: 'Segna pagata' });
    await waitFor(() => expect(within(section).getByText(/^Incassa/).textContent).toMatch(/^Incassa 10,00\s€ \(quote dei giocatori comprese\)\.$/));
    fireEvent.change(within(section).getByLabelText('Metodo'), { target: { value: 'card' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Registra pagamento' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Pagamento registrato.'));
    expect(bodiesOf('POST /api/admin/bookings/31/mark-paid')).toEqual([{ method: 'card' }]);
  });

  it('says nothing of the players when only the organiser owes', async () => {
    // A player who left owes nothing.
    handlers['GET /api/bookings/31/players'] = () => jsonResponse(200, split([player(1, { status: 'dropped' })], '0.00'));
    renderModal(anAdminBooking());
    fireEvent.click(screen.getByRole('button', { name: 'Segna pagata' }));
    const section = screen.getByRole('region', { name: 'Segna pagata' });
    await screen.findByRole('region', { name: 'Giocatori e quote' });
    expect(within(section).getByText(/^Incassa/).textContent).toMatch(/^Incassa 20,00\s€\.$/);
  });

  it('offers no "Segna pagata" when nothing is owed, whatever price − paid would say, and tells how each share was paid', async () => {
    handlers['GET /api/bookings/31/players'] = () =>
      jsonResponse(
        200,
        split(
          [
            player(1, { status: 'paid', paid_with: 'desk', paid_at: romeInstant('2027-07-15', '09:00') }),
            player(2, { status: 'paid', paid_with: 'carnet', paid_at: romeInstant('2027-07-12', '09:00') }),
            player(3, { status: 'charged_to_organiser', paid_with: 'credit', paid_at: romeInstant('2027-07-15', '08:30') }),
          ],
          '0.00',
        ),
      );
    // A coupon after the price was paid, say: paid differs from the price, yet nothing is owed.
    renderModal(anAdminBooking({ payment_state: 'paid', payment_method: 'cash', paid: '18.00', owed: '0.00' }));
    const players = await screen.findByRole('region', { name: 'Giocatori e quote' });
    expect(players.textContent).toContain('Pagata in segreteria');
    expect(players.textContent).toContain('Pagata con carnet');
    expect(players.textContent).toContain('Pagata dall’organizzatore con credito');
    expect(screen.queryByRole('button', { name: 'Segna pagata' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Pagamento' }).textContent).not.toContain('Ancora da incassare');
  });

  it('shows what the ledger says was paid once a walk-in’s part is paid in the dialog, not what it said when opened', async () => {
    // An open match: the organiser's 5 € part paid; the desk adds a walk-in who pays theirs in cash.
    const match = (taken: number): TDeskMatch => ({ id: 9, booking_id: 31, format: 'volley_2x2', players_count: 4, taken, places_left: 4 - taken, state: 'open', part: '5.00', players: ['Giulia Rossi', 'Marco Neri'].slice(0, taken), can_add: true });
    let walkedIn = false;
    handlers['GET /api/bookings/31/players'] = () => jsonResponse(200, split([], '0.00'));
    handlers['GET /api/admin/open-matches?date=2027-07-15'] = () => jsonResponse(200, { data: [match(walkedIn ? 2 : 1)] });
    handlers['POST /api/admin/open-matches/9/walk-in'] = () => {
      walkedIn = true;
      return jsonResponse(200, match(2));
    };
    handlers['GET /api/admin/bookings/31'] = () => jsonResponse(200, anAdminBooking({ payment_state: 'paid', paid: walkedIn ? '10.00' : '5.00', owed: '0.00' }));
    renderModal(anAdminBooking({ payment_state: 'paid', paid: '5.00', owed: '0.00' }));
    const payment = screen.getByRole('region', { name: 'Pagamento' });
    expect(payment.textContent).toMatch(/Pagato5,00\s€/);

    fireEvent.click(await screen.findByRole('button', { name: 'Non ha un account: scrivi il nome' }));
    fireEvent.change(screen.getByLabelText('Nome e cognome (senza account)'), { target: { value: 'Marco Neri' } });
    fireEvent.click(screen.getByRole('button', { name: /^Aggiungi e incassa/ }));
    await screen.findByText(/^Marco Neri è nella partita/);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Pagamento' }).textContent).toMatch(/Pagato10,00\s€/));
    expect(screen.getByRole('region', { name: 'Partita aperta' }).textContent).toContain('2/4 · Partita aperta');
  });
});
