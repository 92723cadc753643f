import { romeInstant, type TBookingShare } from '@beach/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import SharePage from './share-page';

const DAY = '2027-07-15';

const share = (overrides: Partial<TBookingShare> = {}): TBookingShare => ({
  id: 12,
  booking_id: 7,
  court: 'Campo C2',
  date: DAY,
  start: '10:30',
  end: '12:00',
  organiser: 'Giulia Rossi',
  share: '5.00',
  status: 'invited',
  paid_with: null,
  deadline: romeInstant(DAY, '08:30'),
  can_pay: true,
  can_leave: true,
  ...overrides,
});

const { handlers } = stubApiForEachTest('user');

beforeEach(() => {
  handlers['GET /api/booking-shares/12'] = () => jsonResponse(200, share());
  handlers['GET /api/payments/config'] = () => jsonResponse(200, { enabled: true, test_mode: false });
});

const renderPage = () => renderAt(<SharePage />, { url: '/quote/12', path: '/quote/:shareId' });

describe('/quote/{shareId}', () => {
  it('offers credit for the share it pays, not the whole credit available', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, creditStatement('40.00'));
    renderPage();
    await screen.findByRole('button', { name: /^Paga con il credito \(5,00\s€\)$/ });
    expect(screen.queryByText(/40,00/)).toBeNull();
  });
});
