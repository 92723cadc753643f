import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament, match } from '../test-tournament';
import { DrawTab } from './draw-tab';

const { handlers, bodiesOf } = stubApiForEachTest('admin');

describe('the draw tab', () => {
  it('draws after a confirmation', async () => {
    handlers['POST /api/admin/tournaments/5/draw'] = () => jsonResponse(200, { message: 'Sorteggio fatto.', tournament: aTournament({ status: 'drawn' }) });
    const notify = vi.fn();
    renderAt(<DrawTab tournament={aTournament()} notify={notify} />, { url: '/admin/tornei/5' });
    fireEvent.click(screen.getByRole('button', { name: 'Sorteggia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorteggia' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sorteggia' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Sorteggio fatto.'));
    expect(bodiesOf('POST /api/admin/tournaments/5/draw')).toHaveLength(1);
  });

  it('shows the pools’ standings and the bracket by round, read-only', () => {
    const tournament = aTournament({
      status: 'drawn',
      pools: [{ pool: 'A', complete: false, rows: [{ entry_id: 1, names: ['Rossi', 'Bianchi'], played: 1, won: 1, lost: 0, sets_won: 2, sets_lost: 0, points_won: 42, points_lost: 30, rank: 1 }] }],
      matches: [
        match('P1'),
        match('S1', { phase: 'knockout', pool: null, round: 1, rounds_in_phase: 1, sides: [{ entry_id: null, names: [], placeholder: { kind: 'pool_place', pool: 'A', place: 1 } }, { entry_id: null, names: [], placeholder: { kind: 'pool_place', pool: 'B', place: 2 } }] }),
        match('F1', { phase: 'final', pool: null, round: 1, rounds_in_phase: 1, status: 'played', sets: [{ a: 21, b: 15 }, { a: 21, b: 19 }], winner: 'a' }),
      ],
    });
    renderAt(<DrawTab tournament={tournament} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.queryByRole('button', { name: 'Sorteggia' })).toBeNull();
    const pool = screen.getByRole('table', { name: 'Girone A' });
    expect(within(pool).getAllByRole('row')[1]!.textContent).toBe('1Rossi / Bianchi1-02-042-30');
    expect(within(screen.getByRole('list', { name: 'Semifinale' })).getByText('1ª girone A')).toBeTruthy();
    const final = screen.getByRole('list', { name: 'Finale' });
    expect(final.textContent).toContain('21-15, 21-19');
  });

  it('names a double elimination’s brackets by turn, and its reset final', () => {
    const tournament = aTournament({
      status: 'drawn',
      format: 'double_elimination',
      matches: [
        match('W2-1', { phase: 'knockout', pool: null, round: 2, rounds_in_phase: 2 }),
        match('L3-1', { phase: 'losers', pool: null, round: 3, rounds_in_phase: 3 }),
        match('F-1', { phase: 'final', pool: null, round: 1, rounds_in_phase: 2 }),
        match('F-2', { phase: 'final', pool: null, round: 2, rounds_in_phase: 2 }),
      ],
    });
    renderAt(<DrawTab tournament={tournament} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.queryByRole('list', { name: 'Semifinale' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Vincenti · turno 2' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Perdenti · turno 3' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Finale di spareggio' })).toBeTruthy();
  });
});
