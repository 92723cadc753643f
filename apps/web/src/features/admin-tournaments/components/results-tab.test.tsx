import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament, match } from '../test-tournament';
import { ResultsTab } from './results-tab';

const { handlers, bodiesOf } = stubApiForEachTest('admin');

const matches = [
  match('P1'),
  match('P2', { status: 'played', sets: [{ a: 21, b: 18 }, { a: 19, b: 21 }, { a: 15, b: 12 }], winner: 'a' }),
  match('F1', { phase: 'final', status: 'waiting', sides: [{ entry_id: null, names: ['Vincente di P1'], placeholder: { kind: 'winner', match_key: 'P1' } }, { entry_id: 2, names: ['Verdi', 'Neri'], placeholder: null }] }),
];
const set = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('the results tab', () => {
  it('sends the sets typed, the empty ones left out', async () => {
    handlers['PUT /api/admin/tournaments/5/matches/P1/score'] = () => jsonResponse(200, { message: 'Punteggio salvato.', tournament: aTournament({ matches }) });
    const notify = vi.fn();
    renderAt(<ResultsTab tournament={aTournament({ matches })} notify={notify} />, { url: '/admin/tornei/5' });
    // A match whose pairs are not yet known has no form.
    expect(screen.queryByRole('form', { name: 'Punteggio F1' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Punteggio P1' });
    set(form, 'Set 1, Rossi / Bianchi', '21');
    set(form, 'Set 1, Verdi / Neri', '17');
    set(form, 'Set 2, Rossi / Bianchi', '21');
    set(form, 'Set 2, Verdi / Neri', '19');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva il punteggio' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Punteggio salvato.'));
    expect(bodiesOf('PUT /api/admin/tournaments/5/matches/P1/score')).toEqual([{ sets: [{ a: 21, b: 17 }, { a: 21, b: 19 }] }]);
  });

  it('shows a played match’s sets, and the engine’s refusal of a correction under its form', async () => {
    handlers['PUT /api/admin/tournaments/5/matches/P2/score'] = () => jsonResponse(409, { message: 'Un set a 21 finisce con due punti di scarto.' });
    renderAt(<ResultsTab tournament={aTournament({ matches })} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.getByText('Giocata: 21-18, 19-21, 15-12')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Punteggio P2' });
    expect((within(form).getByLabelText('Set 3, Rossi / Bianchi') as HTMLInputElement).value).toBe('15');
    set(form, 'Set 3, Verdi / Neri', '14');
    fireEvent.click(within(form).getByRole('button', { name: 'Correggi il punteggio' }));
    expect(await within(form).findByText('Un set a 21 finisce con due punti di scarto.')).toBeTruthy();
  });

  it('asks for at least one set before sending', async () => {
    renderAt(<ResultsTab tournament={aTournament({ matches })} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    const form = screen.getByRole('form', { name: 'Punteggio P1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Salva il punteggio' }));
    expect(await within(form).findByText('Indica i set giocati, da 1 a 3, con punteggi da 0 a 99.')).toBeTruthy();
    expect(bodiesOf('PUT /api/admin/tournaments/5/matches/P1/score')).toEqual([]);
  });
});
