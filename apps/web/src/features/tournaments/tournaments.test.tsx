import type { TTournamentLive, TTournamentMatch } from '@beach/contracts';
import { i18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { jsonResponse, signIn } from '../../test/fixtures';
import { render, renderAt, stubApiForEachTest } from '../../test/test-support';
import { LIVE_POLL_MS, MY_ENTRIES_POLL_MS } from './api/tournaments';
import { Bracket } from './components/bracket';
import { scoreOf, type SetRow } from './components/score-form';
import { StandingsTable } from './components/standings-table';
import { roundName, sideName } from './labels';
import TournamentPage from './pages/tournament-page';
import TournamentsPage from './pages/tournaments-page';
import { TV_TURN_MS, TvScreen } from './pages/tournament-tv-page';

const side = (names: string[], entryId: number | null = null): TTournamentMatch['sides'][number] => ({ entry_id: entryId, names, placeholder: null });
const match = (overrides: Partial<TTournamentMatch>): TTournamentMatch => ({
  key: 'P-A-1', phase: 'pool', pool: 'A', round: 1, rounds_in_phase: 3, sides: [side(['Anna', 'Bea'], 1), side(['Carla', 'Dora'], 2)], status: 'ready', sets: null, winner: null,
  court: { id: 1, code: 'A1' }, starts_at: '2027-07-10T07:00:00.000Z', ends_at: '2027-07-10T07:30:00.000Z', called_at: null, proposed_sets: null, ...overrides,
});
const pool = {
  pool: 'A', complete: false,
  rows: [
    { entry_id: 1, names: ['Anna', 'Bea'], played: 2, won: 2, lost: 0, sets_won: 2, sets_lost: 0, points_won: 42, points_lost: 30, rank: 1 },
    { entry_id: 2, names: ['Carla', 'Dora'], played: 2, won: 0, lost: 2, sets_won: 0, sets_lost: 2, points_won: 30, points_lost: 42, rank: 2 },
  ],
};
const live = (overrides: Partial<TTournamentLive> = {}): TTournamentLive => ({
  id: 5, name: 'Summer Beach Cup', sport: 'beach_volley', category: 'mixed', under_age: null, format: 'pools_knockout', match_format: 'one_set_21', starts_on: '2027-07-10', ends_on: '2027-07-10',
  entry_fee: '15.00', max_entries: 8, entries_taken: 2, registration_opens_at: '2027-06-01T08:00:00.000Z', registration_closes_at: '2027-07-08T20:00:00.000Z', status: 'drawn', registration_open: false,
  rules_text: '', courts: [], entries: [{ id: 1, seed: 1, names: ['Anna', 'Bea'], ranking_points: 0 }, { id: 2, seed: 2, names: ['Carla', 'Dora'], ranking_points: 0 }],
  matches: [match({})], pools: [pool], placements: [], live_version: 1, ...overrides,
});

const { handlers } = stubApiForEachTest();
afterEach(() => vi.useRealTimers());

describe('a pool’s standings', () => {
  it('show each pair’s place, played, won, lost, sets and points', () => {
    render(<StandingsTable pool={pool} />);
    const table = screen.getByRole('table', { name: 'Girone A' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows[0]).toBe('#CoppiaGVPSetPunti');
    expect(rows[1]).toBe('1Anna / Bea2202–042–30');
    expect(rows[2]).toBe('2Carla / Dora2020–230–42');
    expect(screen.getByRole('region', { name: 'Classifica del girone A' })).toBeTruthy();
  });
});

describe('the bracket’s rounds', () => {
  it('are named by their distance from the final, the final and the 3rd place their own', () => {
    const knockout = (round: number, rounds: number) => roundName(i18n, { phase: 'knockout', round, rounds_in_phase: rounds });
    expect([knockout(1, 3), knockout(2, 3), knockout(3, 3)]).toEqual(['Ottavi', 'Quarti', 'Semifinali']);
    expect(knockout(1, 6)).toBe('Turno 1');
    expect(roundName(i18n, { phase: 'final', round: 1, rounds_in_phase: 1 })).toBe('Finale');
    expect(roundName(i18n, { phase: 'third_place', round: 1, rounds_in_phase: 1 })).toBe('Finale 3°/4° posto');
    expect(roundName(i18n, { phase: 'losers', round: 2, rounds_in_phase: 4 }, true)).toBe('Tabellone perdenti, turno 2');
  });

  it('shows the rounds in columns, sides still unknown by what decides them', () => {
    const quarter = match({ key: 'K-1-1', phase: 'knockout', pool: null, round: 1, rounds_in_phase: 2, status: 'played', sets: [{ a: 21, b: 15 }], winner: 'a' });
    const semi = match({ key: 'K-2-1', phase: 'knockout', pool: null, round: 2, rounds_in_phase: 2, status: 'waiting', sides: [{ entry_id: null, names: [], placeholder: { kind: 'winner', match_key: 'K-1-1' } }, { entry_id: null, names: [], placeholder: { kind: 'pool_place', pool: 'B', place: 1 } }] });
    const final = match({ key: 'F-1', phase: 'final', pool: null, round: 1, rounds_in_phase: 1, status: 'waiting', sides: [{ entry_id: null, names: [], placeholder: { kind: 'winner', match_key: 'K-2-1' } }, side([])] });
    const third = match({ key: 'T-1', phase: 'third_place', pool: null, round: 1, rounds_in_phase: 1, status: 'waiting', sides: [{ entry_id: null, names: [], placeholder: { kind: 'loser', match_key: 'K-2-1' } }, side([])] });
    render(<Bracket live={live({ matches: [match({}), final, third, semi, quarter] })} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Quarti', 'Semifinali', 'Finale', 'Finale 3°/4° posto']);
    expect(screen.getByText('Vincente Q1')).toBeTruthy();
    expect(screen.getByText('1ª girone B')).toBeTruthy();
    expect(screen.getByText('Vincente S1')).toBeTruthy();
    expect(screen.getByText('Perdente S1')).toBeTruthy();
    expect(sideName(i18n, { entry_id: null, names: [], placeholder: { kind: 'best', place: 3, rank: 2 } }, [])).toBe('2ª migliore tra le 3ª');
  });

  it('shows a double elimination’s reset final in its own column after the final, saying when it is not played', () => {
    const pairs = [side(['Anna', 'Bea'], 1), side(['Carla', 'Dora'], 2)] as TTournamentMatch['sides'];
    const final = match({ key: 'F-1', phase: 'final', pool: null, round: 1, rounds_in_phase: 2, status: 'played', sides: pairs, sets: [{ a: 21, b: 15 }], winner: 'a' });
    const reset = match({ key: 'F-2', phase: 'final', pool: null, round: 2, rounds_in_phase: 2, status: 'not_needed', sides: pairs, court: null, starts_at: null, ends_at: null });
    render(<Bracket live={live({ format: 'double_elimination', pools: [], matches: [reset, final] })} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Finale', 'Finale di spareggio']);
    expect(screen.getAllByText('Non si gioca')).toHaveLength(1);
  });

  it('names a King of the Beach final’s side before the pools end by its qualifiers’ seats', () => {
    const seats = { entry_id: null, names: [], placeholder: { kind: 'kob_seats', seats: [1, 4] } } satisfies TTournamentMatch['sides'][number];
    expect(sideName(i18n, seats, [])).toBe('1° e 4° qualificato');
  });
});

describe('the set-score form', () => {
  const rows = (...sets: [string, string][]): SetRow[] => [...sets, ['', ''] as const, ['', ''] as const, ['', ''] as const].slice(0, 3).map(([a, b]) => ({ a, b }));
  it('sends the sets typed, blank ones left out', () => {
    expect(scoreOf(i18n, rows(['21', '18'], ['', ''], ['15', '12']))).toEqual({ body: { sets: [{ a: 21, b: 18 }, { a: 15, b: 12 }] }, error: null });
  });
  it('refuses no set, a set with one side blank, a score above 99 or not a whole number, with the contract’s message', () => {
    const message = 'Indica i set giocati, da 1 a 3, con punteggi da 0 a 99.';
    for (const typed of [rows(), rows(['21', '']), rows(['100', '98']), rows(['21,5', '19'])]) expect(scoreOf(i18n, typed)).toEqual({ body: null, error: message });
  });
  it('is offered to a player of the ready match on the live page, and posts the score', async () => {
    signIn('user');
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, live());
    const entry = { id: 1, tournament: live(), status: 'confirmed', players: [], offered_until: null, next_match: null };
    handlers['GET /api/me/tournament-entries'] = () => jsonResponse(200, { data: [entry] });
    handlers['POST /api/tournaments/5/matches/P-A-1/score'] = () => jsonResponse(200, { message: 'Punteggio inviato: ora lo conferma l’altra coppia.' });
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const form = await screen.findByRole('form', { name: 'Inserisci il punteggio' });
    fireEvent.change(within(form).getByLabelText('Set 1: Anna / Bea'), { target: { value: '21' } });
    fireEvent.change(within(form).getByLabelText('Set 1: Carla / Dora'), { target: { value: '17' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invia il punteggio' }));
    expect(await screen.findByText('Punteggio inviato: ora lo conferma l’altra coppia.')).toBeTruthy();
  });
});

describe('the live page', () => {
  it('asks every 10 s and redraws only when live_version moves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let version = 1;
    let calls = 0;
    handlers['GET /api/tournaments/5'] = () => {
      calls += 1;
      return jsonResponse(200, live({ live_version: version, matches: [match(version > 1 ? { status: 'played', sets: [{ a: 21, b: 19 }], winner: 'a' } : {})] }));
    };
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const heading = await screen.findByRole('heading', { name: 'Programma' });
    const programme = heading.parentElement!;
    expect(screen.queryByRole('heading', { name: 'Risultati' })).toBeNull();
    // Same version: the data kept is the one shown (its elements are not redrawn).
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByRole('heading', { name: 'Programma' }).parentElement).toBe(programme);
    expect(screen.queryByRole('heading', { name: 'Risultati' })).toBeNull();
    version = 2;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Risultati' })).toBeTruthy();
    expect(screen.getByText('21-19')).toBeTruthy();
    expect(screen.getByText(/Aggiornato alle \d\d:\d\d/)).toBeTruthy();
  });
});

describe('the member’s next match', () => {
  const myEntry = (called: boolean) => ({
    id: 1, tournament: live(), status: 'confirmed', players: [{ id: 11, name: 'Anna Rossi', me: true, invited: false, paid: true, owed: '0.00' }], offered_until: null,
    next_match: { key: 'P-A-1', court: 'C3', starts_at: '2027-07-10T14:30:00.000Z', called },
  });

  it('shows on /tornei, and the call within 30 s without a reload while the tournament is played', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('user');
    let called = false;
    handlers['GET /api/tournaments?when=upcoming'] = () => jsonResponse(200, { data: [] });
    handlers['GET /api/me/tournament-entries'] = () => jsonResponse(200, { data: [myEntry(called)] });
    renderAt(<TournamentsPage />, { url: '/tornei', path: '/tornei' });
    expect(await screen.findByText(/Prossima partita: campo C3, .*16:30/)).toBeTruthy();
    expect(screen.queryByText(/Tocca a voi/)).toBeNull();
    called = true;
    await act(() => vi.advanceTimersByTimeAsync(MY_ENTRIES_POLL_MS));
    expect(await screen.findByText('Tocca a voi: campo C3 alle 16:30')).toBeTruthy();
  });

  it('is called out at the top of the live page to the member playing it, once called', async () => {
    signIn('user');
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, live());
    handlers['GET /api/me/tournament-entries'] = () => jsonResponse(200, { data: [myEntry(true)] });
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const banner = await screen.findByText('Tocca a voi: campo C3 alle 16:30');
    // The first thing after the header, and only there: the entry's own card does not say it again.
    expect(banner.previousElementSibling?.tagName).toBe('HEADER');
    expect(screen.getByRole('heading', { name: 'Iscrizione' }).parentElement!.textContent).toContain('Anna Rossi (tu)');
    expect(screen.getAllByText(/Tocca a voi/)).toHaveLength(1);
  });

  it('is still said in the entry before the call', async () => {
    signIn('user');
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, live());
    handlers['GET /api/me/tournament-entries'] = () => jsonResponse(200, { data: [myEntry(false)] });
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    expect(await screen.findByText(/Prossima partita: campo C3, .*16:30/)).toBeTruthy();
  });
});

describe('registering a pair', () => {
  it('says under the e-mail field what is missing, and the server’s field message for a wrong one', async () => {
    signIn('user');
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, live({ status: 'published', registration_open: true, matches: [], pools: [] }));
    handlers['GET /api/me/tournament-entries'] = () => jsonResponse(200, { data: [] });
    handlers['POST /api/tournaments/5/entries'] = () => jsonResponse(422, { message: 'I dati inviati non sono validi.', errors: { partner_email: ['Inserisci un indirizzo e-mail valido.'] } });
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const open = await screen.findByRole('button', { name: 'Iscriviti con un compagno' });
    // Enabled once the member's entries are read.
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma l’iscrizione' }));
    expect(within(dialog).getByLabelText('E-mail del compagno o della compagna').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Indica l’e-mail del tuo compagno o della tua compagna.');
    expect(dialog.textContent).not.toContain('partner_email');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('E-mail del compagno o della compagna'), { target: { value: 'non-una-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma l’iscrizione' }));
    expect(await within(dialog).findByText('Inserisci un indirizzo e-mail valido.')).toBeTruthy();
    expect(dialog.textContent).toContain('I dati inviati non sono validi.');
  });
});

describe('a free tournament', () => {
  it('says "Gratuito" on its card and in the live page’s header, not a fee of 0,00 €', async () => {
    handlers['GET /api/tournaments?when=upcoming'] = () => jsonResponse(200, { data: [live({ entry_fee: '0.00', status: 'published' }), live({ id: 6, name: 'Autumn Cup', status: 'published' })] });
    const list = renderAt(<TournamentsPage />, { url: '/tornei', path: '/tornei' });
    const free = (await screen.findByRole('link', { name: 'Summer Beach Cup' })).closest('article')!;
    expect(within(free).getByText('Gratuito')).toBeTruthy();
    expect(free.textContent).not.toContain('0,00');
    expect(within(screen.getByRole('link', { name: 'Autumn Cup' }).closest('article')!).getByText(/Quota: 15,00\s€ a giocatore/)).toBeTruthy();
    list.unmount();
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, live({ entry_fee: '0.00' }));
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'Summer Beach Cup' })).parentElement!;
    expect(header.textContent).toContain('· Gratuito');
    expect(header.textContent).not.toContain('a giocatore');
  });
});

describe('a finished tournament', () => {
  const finished = live({
    status: 'finished',
    matches: [match({ status: 'played', sets: [{ a: 21, b: 18 }], winner: 'a' })],
    placements: [{ entry_id: 2, place: 2, names: ['Carla', 'Dora'] }, { entry_id: 1, place: 1, names: ['Anna', 'Bea'] }, { entry_id: 3, place: 3, names: ['Elena', null] }],
  });

  it('shows the final placements at the top of the live page, first place first', async () => {
    handlers['GET /api/tournaments/5'] = () => jsonResponse(200, finished);
    renderAt(<TournamentPage />, { url: '/tornei/5', path: '/tornei/:id' });
    const heading = await screen.findByRole('heading', { name: 'Classifica finale' });
    const part = heading.parentElement!;
    expect(part.previousElementSibling?.tagName).toBe('HEADER');
    expect(within(part).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['1°Anna / Bea', '2°Carla / Dora', '3°Elena / Ospite invitato']);
  });

  it('opens the TV mode on the placements and skips the schedule with nothing left to play', () => {
    vi.useFakeTimers();
    render(<QueryClientProvider client={createQueryClient()}><TvScreen live={finished} /></QueryClientProvider>);
    const view = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(view()).toBe('Classifica finale');
    expect(screen.getByText('Anna / Bea')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TV_TURN_MS));
    expect(view()).toBe('Gironi');
    act(() => vi.advanceTimersByTime(TV_TURN_MS));
    expect(view()).toBe('Classifica finale');
  });
});

describe('the TV mode', () => {
  it('turns every 15 s between Programma, Gironi and Tabellone, then back', async () => {
    vi.useFakeTimers();
    const final = match({ key: 'F-1', phase: 'final', pool: null, round: 1, rounds_in_phase: 1, status: 'waiting', sides: [{ entry_id: null, names: [], placeholder: { kind: 'pool_place', pool: 'A', place: 1 } }, side([])] });
    render(<QueryClientProvider client={createQueryClient()}><TvScreen live={live({ matches: [match({ called_at: '2027-07-10T06:55:00.000Z' }), final] })} /></QueryClientProvider>);
    const view = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(view()).toBe('Programma');
    expect(screen.getByText('In campo')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TV_TURN_MS));
    expect(view()).toBe('Gironi');
    act(() => vi.advanceTimersByTime(TV_TURN_MS));
    expect(view()).toBe('Tabellone');
    act(() => vi.advanceTimersByTime(TV_TURN_MS));
    expect(view()).toBe('Programma');
  });
});
