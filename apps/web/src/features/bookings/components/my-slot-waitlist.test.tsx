import type { TCourtWaitlistEntry } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { MySlotWaitlist } from './my-slot-waitlist';

const entry = (overrides: Partial<TCourtWaitlistEntry>): TCourtWaitlistEntry => ({
  id: 1,
  court: { code: 'C1', name: 'Campo C1' },
  date: '2027-06-10',
  start: '10:30',
  end: '12:00',
  status: 'waiting',
  lapsed_reason: null,
  position: 2,
  booking_id: null,
  offer_expires_at: null,
  created_at: '2027-06-01T08:00:00.000Z',
  ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('user');

describe('the member’s court waiting lists', () => {
  it('shows the position, an offer with its deadline and Paga ora, a lapse with its reason; Rinuncia after a confirm', async () => {
    handlers['GET /api/bookings/waitlist'] = () =>
      jsonResponse(200, [
        entry({ id: 1 }),
        entry({ id: 2, start: '12:00', end: '13:30', status: 'offered', position: null, booking_id: 44, offer_expires_at: '2027-06-09T16:00:00.000Z' }),
        entry({ id: 3, start: '13:30', end: '15:00', status: 'lapsed', position: null, lapsed_reason: 'limit' }),
      ]);
    handlers['POST /api/bookings/waitlist/2/withdraw'] = () => jsonResponse(200, { message: 'Sei uscito dalla lista d’attesa.' });
    const notify = vi.fn();
    renderAt(<MySlotWaitlist notify={notify} />, { url: '/le-mie-prenotazioni' });

    expect(await screen.findByText(/Posizione in lista: 2°/)).toBeTruthy();
    expect(screen.getByText(/tenuto per te fino al 09\/06\/2027, 18:00/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Paga ora' }).getAttribute('href')).toBe('/prenotazioni/pagamento/44');
    expect(screen.getByText('Saltato: avevi già il massimo di prenotazioni future.')).toBeTruthy();
    // Rinuncia only on live places.
    expect(screen.getAllByRole('button', { name: 'Rinuncia' })).toHaveLength(2);

    const offered = screen.getByText(/tenuto per te fino al/).closest('li')!;
    fireEvent.click(within(offered).getByRole('button', { name: 'Rinuncia' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Il campo tenuto per te passa al prossimo in lista.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rinuncia' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Sei uscito dalla lista d’attesa.'));
    expect(bodiesOf('POST /api/bookings/waitlist/2/withdraw')).toHaveLength(1);
  });
});
