import type { TOpenMatch } from '@beach/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import OpenMatchPage from './open-match-page';

const player = (userId: number, overrides: Partial<TOpenMatch['players'][number]> = {}) => ({ user_id: userId, name: `Giocatore ${userId}`, organiser: userId === 1, level: 3, is_me: false, leaving: false, ...overrides });
const aMatch = (overrides: Partial<TOpenMatch>): TOpenMatch => ({
  id: 7, booking_id: 70, sport: 'beach_volley', format: 'volley_2x2', players_count: 4, competitive: false, level_min: null, level_max: null, gender: 'open', note: null,
  court: 'Campo 1', date: '2026-12-03', start: '10:30', end: '12:00', part: '5.00', cutoff_at: '2026-12-03T03:30:00.000Z', state: 'full', places_left: 0,
  players: [player(1), player(2, { is_me: true }), player(3), player(4)], my_way_in: 'in', can_leave: true, requests: [], ...overrides,
});

let calls: RecordedCall[];
const handlers: PathHandlers = new Map();
beforeEach(() => {
  calls = [];
  handlers.clear();
  stubApiByPath(handlers, calls);
  signIn('user');
});

describe('/partite/:matchId', () => {
  it('offers a player the way out of a full match before it begins, and none once it has begun', async () => {
    handlers.set('GET /api/open-matches/7', () => jsonResponse(200, aMatch({})));
    const before = renderAt(<OpenMatchPage />, { url: '/partite/7', path: '/partite/:matchId' });
    expect(await screen.findByRole('button', { name: /Non posso giocare/ })).toBeTruthy();
    before.unmount();

    handlers.set('GET /api/open-matches/7', () => jsonResponse(200, aMatch({ can_leave: false })));
    renderAt(<OpenMatchPage />, { url: '/partite/7', path: '/partite/:matchId' });
    expect(await screen.findByText('La partita è al completo: ci vediamo in campo!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Non posso giocare/ })).toBeNull();
  });
});
