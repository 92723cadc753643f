import type { TMyEntry } from '@beach/contracts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { MyEntry } from './my-entry';

const entry: TMyEntry = {
  id: 4,
  tournament: {
    id: 9, name: 'Summer Cup', sport: 'beach_volley', category: 'mixed', under_age: null, format: 'pools_knockout', match_format: 'one_set_21',
    starts_on: '2027-07-10', ends_on: '2027-07-10', entry_fee: '15.00', max_entries: 8, entries_taken: 2,
    registration_opens_at: '2027-06-01T08:00:00.000Z', registration_closes_at: '2027-07-09T08:00:00.000Z', status: 'published', registration_open: true,
  },
  status: 'pending',
  players: [
    { id: 1, name: 'Giulia Rossi', me: true, invited: false, paid: false, owed: '15.00' },
    { id: 2, name: 'Marco Bianchi', me: false, invited: false, paid: false, owed: '0.00' },
  ],
  offered_until: null,
  next_match: null,
};

const { handlers } = stubApiForEachTest('user');
const CREDIT = 'GET /api/me/credit?page=1&per_page=10';

describe('MyEntry', () => {
  it('offers "Paga con il credito" only when the credit available covers the member’s part', async () => {
    handlers[CREDIT] = () => jsonResponse(200, creditStatement('15.00'));
    renderAt(<MyEntry entry={entry} />, { url: '/tornei/9' });
    expect(await screen.findByRole('button', { name: 'Paga con il credito' })).toBeTruthy();
  });

  it('offers only the card with no credit, or credit short of the part', async () => {
    for (const balance of ['0.00', '14.99']) {
      let creditRead = false;
      handlers[CREDIT] = () => {
        creditRead = true;
        return jsonResponse(200, creditStatement(balance));
      };
      const { unmount } = renderAt(<MyEntry entry={entry} />, { url: '/tornei/9' });
      await screen.findByRole('button', { name: /^Paga la tua quota \(15,00\s€\) con la carta$/ });
      // Once the credit is read and its answer rendered, the credit's button would be there.
      await expect.poll(() => creditRead).toBe(true);
      await act(async () => {});
      expect(screen.queryByRole('button', { name: 'Paga con il credito' })).toBeNull();
      unmount();
    }
  });
});
