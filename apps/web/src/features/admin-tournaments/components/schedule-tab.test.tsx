import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament, C1, C2, match } from '../test-tournament';
import { boardDays, boardOf } from './schedule-board';
import { ScheduleTab } from './schedule-tab';

const { handlers, bodiesOf } = stubApiForEachTest('admin');

// 09:00 Rome is 07:00 UTC in June.
const placed = [
  match('P1', { court: C1, starts_at: '2027-06-12T07:00:00.000Z', ends_at: '2027-06-12T07:40:00.000Z' }),
  match('P2', { court: C2, starts_at: '2027-06-12T08:30:00.000Z', ends_at: '2027-06-12T09:10:00.000Z', sides: [{ entry_id: 3, names: ['Gialli', 'Blu'], placeholder: null }, { entry_id: 4, names: ['Viola', 'Rosa'], placeholder: null }] }),
  match('P3', { round: 2 }),
];

describe('the schedule board', () => {
  it('puts the courts in columns and each match from the row of its start, spanning its duration', () => {
    const tournament = aTournament({ matches: placed });
    expect(boardDays(tournament)).toEqual(['2027-06-12']);
    const board = boardOf(tournament, '2027-06-12');
    expect(board.courts.map((court) => court.code)).toEqual(['C1', 'C2']);
    // 09:00 to 13:00 in rows of 15 minutes.
    expect(board.times).toHaveLength(16);
    expect(board.times[0]).toBe('2027-06-12T07:00:00.000Z');
    expect(board.blocks.map(({ match: one, column, row, span }) => [one.key, column, row, span])).toEqual([
      ['P1', 0, 0, 3],
      ['P2', 1, 6, 3],
    ]);
  });

  it('draws the blocks on the grid at their court and time', () => {
    renderAt(<ScheduleTab tournament={aTournament({ matches: placed })} />, { url: '/admin/tornei/5' });
    const board = screen.getByRole('region', { name: 'Tabellone dei campi' });
    const block = board.querySelector<HTMLElement>('[data-block="P2"]')!;
    expect(block.style.gridRow).toBe('8 / span 3');
    expect(block.style.gridColumn).toBe('3');
    expect(block.textContent).toContain('P2 · 10:30');
    expect(block.textContent).toContain('Gialli / Blu – Viola / Rosa');
    expect(board.querySelector('[data-block="P3"]')).toBeNull();
  });

  it('moves a match with the form (keyboard) and lists what shifted, from → to', async () => {
    handlers['PUT /api/admin/tournaments/5/matches/P1/slot'] = () =>
      jsonResponse(200, {
        message: 'Partita spostata.',
        tournament: aTournament({ matches: placed, live_version: 2 }),
        shifted: [
          { key: 'P1', from: '2027-06-12T07:00:00.000Z', to: '2027-06-12T09:00:00.000Z', court_from: 'C1', court_to: 'C2' },
          { key: 'P2', from: '2027-06-12T08:30:00.000Z', to: '2027-06-12T10:00:00.000Z', court_from: 'C2', court_to: 'C2' },
        ],
      });
    renderAt(<ScheduleTab tournament={aTournament({ matches: placed })} />, { url: '/admin/tornei/5' });
    fireEvent.change(screen.getByLabelText('Partita'), { target: { value: 'P1' } });
    fireEvent.change(screen.getByLabelText('Campo'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Ora'), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sposta' }));
    const shifted = await screen.findByRole('list', { name: 'Partite spostate' });
    expect(within(shifted).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['P1: C1 09:00 → C2 11:00', 'P2: C2 10:30 → C2 12:00']);
    expect(bodiesOf('PUT /api/admin/tournaments/5/matches/P1/slot')).toEqual([{ court_id: 2, starts_at: '2027-06-12T09:00:00.000Z' }]);
  });

  it('moves a match dropped on a court and time, and shows a refusal (409)', async () => {
    handlers['PUT /api/admin/tournaments/5/matches/P1/slot'] = () => jsonResponse(409, { message: 'Le coppie di P1 non hanno il riposo minimo.' });
    renderAt(<ScheduleTab tournament={aTournament({ matches: placed })} />, { url: '/admin/tornei/5' });
    const cell = document.querySelector('[data-cell="C2 09:30"]')!;
    const drop = createEvent.drop(cell);
    Object.defineProperty(drop, 'dataTransfer', { value: { getData: () => 'P1' } });
    fireEvent(cell, drop);
    expect(await screen.findByText('Le coppie di P1 non hanno il riposo minimo.')).toBeTruthy();
    expect(bodiesOf('PUT /api/admin/tournaments/5/matches/P1/slot')).toEqual([{ court_id: 2, starts_at: '2027-06-12T07:30:00.000Z' }]);
  });

  it('schedules, listing the matches left out, and calls a match to its court', async () => {
    handlers['POST /api/admin/tournaments/5/schedule'] = () => jsonResponse(200, { message: 'Programma fatto.', tournament: aTournament({ matches: placed }), unplaced: ['P3'] });
    handlers['POST /api/admin/tournaments/5/matches/P1/call'] = () => jsonResponse(200, { message: 'Chiamata.', tournament: aTournament({ matches: placed }) });
    renderAt(<ScheduleTab tournament={aTournament({ matches: placed })} />, { url: '/admin/tornei/5' });
    fireEvent.click(screen.getByRole('button', { name: 'Pianifica' }));
    expect(await screen.findByText('Non in programma: P3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chiama in campo P3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chiama in campo P1' }));
    await waitFor(() => expect(bodiesOf('POST /api/admin/tournaments/5/matches/P1/call')).toHaveLength(1));
  });

  it('shows a called match’s time', () => {
    const called = placed.map((one) => (one.key === 'P1' ? { ...one, called_at: '2027-06-12T06:55:00.000Z' } : one));
    renderAt(<ScheduleTab tournament={aTournament({ matches: called })} />, { url: '/admin/tornei/5' });
    // On the match's block and in the list.
    expect(screen.getAllByText('Chiamata alle 08:55')).toHaveLength(2);
  });
});
