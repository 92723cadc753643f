import type { TAutomaticSlot } from '@beach/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import OpenMatchesPage from './open-matches-page';

const EMPTY = 'Nessuna partita aperta con questi filtri. Prenota un campo e apri tu la partita!';
const slot: TAutomaticSlot = {
  rule_id: 1, court_id: 3, court: 'C1', date: '2026-12-03', start: '09:00', end: '10:30', sport: 'beach_volley', format: 'volley_2x2', players_count: 4,
  competitive: false, level_min: null, level_max: null, gender: 'open', part: '5.00', cutoff_at: '2026-12-03T02:00:00.000Z',
};

let calls: RecordedCall[];
const handlers: PathHandlers = new Map();
beforeEach(() => {
  calls = [];
  handlers.clear();
  stubApiByPath(handlers, calls);
  signIn('user');
  handlers.set('GET /api/open-matches', () => jsonResponse(200, { data: [] }));
});

describe('/partite', () => {
  it('says nothing is open only when no automatic match is offered either', async () => {
    handlers.set('GET /api/open-matches/automatic', () => jsonResponse(200, { data: [slot] }));
    const offered = renderAt(<OpenMatchesPage />, { url: '/partite', path: '/partite' });
    expect(await screen.findByRole('heading', { name: 'Partite automatiche' })).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
    offered.unmount();

    handlers.set('GET /api/open-matches/automatic', () => jsonResponse(200, { data: [] }));
    renderAt(<OpenMatchesPage />, { url: '/partite', path: '/partite' });
    expect(await screen.findByText(EMPTY)).toBeTruthy();
  });
});
