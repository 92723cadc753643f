import type { TCourt } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament } from '../test-tournament';
import { TournamentFormModal } from './tournament-form-modal';

const court = (id: number, code: string): TCourt => ({ id, code, name: `Campo ${code}`, row: 'C', position: id, purpose: 'bookable', has_lights: false, is_bookable: true, description: null });

const { handlers, bodiesOf } = stubApiForEachTest('admin');
beforeEach(() => {
  handlers['GET /api/admin/courts'] = () => jsonResponse(200, { data: [court(1, 'C1'), court(2, 'C2')] });
});

const type = (label: RegExp | string, value: string, at = 0) => fireEvent.change(screen.getAllByLabelText(label)[at]!, { target: { value } });
const errorUnder = (label: RegExp | string, at = 0) => {
  const field = screen.getAllByLabelText(label)[at]!;
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('the tournament form', () => {
  it('shows the contract’s Italian messages under the fields, and sends nothing', async () => {
    renderAt(<TournamentFormModal tournament={null} onClose={vi.fn()} onSaved={vi.fn()} />, { url: '/admin/tornei' });
    await screen.findByRole('option', { name: 'C1' });
    type('Categoria', 'under');
    type('Formato partite', 'one_set_21');
    type(/^Durata prevista/, '5');
    type(/^Quota per giocatore/, '2000');
    fireEvent.click(screen.getByRole('button', { name: 'Salva torneo' }));

    await waitFor(() => expect(errorUnder(/^Nome/)).toBe('Indica il nome del torneo (al massimo 120 caratteri).'));
    expect(errorUnder(/^Età massima/)).toBe('Per la categoria under indica l’età massima (da 8 a 21 anni).');
    expect(errorUnder(/^Durata prevista/)).toBe('La durata prevista di una partita va da 10 a 180 minuti.');
    expect(errorUnder(/^Quota per giocatore/)).toBe('La quota per giocatore va da 0 a 1.000 €.');
    expect(errorUnder('Campo 1')).toBe('Campo non valido.');
    // A set to 21 asks for its time cap; the other formats have none.
    expect(screen.getByLabelText(/^Tempo limite/)).toBeTruthy();
    expect(bodiesOf('POST /api/admin/tournaments')).toEqual([]);
  });

  it('sends every setting, the registration window as Rome time and the courts by day; a court clash (409) stands above the form', async () => {
    handlers['POST /api/admin/tournaments'] = () => jsonResponse(409, { message: 'Il campo C2 sabato 12/06 alle 10:00 è già prenotato.' });
    const onSaved = vi.fn();
    renderAt(<TournamentFormModal tournament={null} onClose={vi.fn()} onSaved={onSaved} />, { url: '/admin/tornei' });
    await screen.findByRole('option', { name: 'C1' });
    type(/^Nome/, 'Torneo d’estate');
    type('Titolo (tedesco, facoltativo)', 'Sommerturnier');
    type('Formula', 'single_elimination');
    expect(screen.queryByLabelText('Gironi da')).toBeNull();
    type(/^Quota per giocatore/, '15,50');
    type(/^Massimo coppie/, '12');
    type(/^Apertura iscrizioni/, '2027-05-01T09:00');
    type(/^Chiusura iscrizioni/, '2027-06-10T22:00');
    type(/^Primo giorno/, '2027-06-12');
    type(/^Ultimo giorno/, '2027-06-13');
    type('Campo 1', '1');
    type('Giorno', '2027-06-12');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi campo' }));
    const rows = within(screen.getByRole('list', { name: 'Campi per giorno' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    type('Campo 2', '2');
    type('Giorno', '2027-06-13', 1);
    type('Dalle', '14:00', 1);
    type('Alle', '20:00', 1);
    type('Regolamento', 'Si gioca con le regole FIPAV.');
    fireEvent.click(screen.getByRole('button', { name: 'Salva torneo' }));

    expect(await screen.findByText('Il campo C2 sabato 12/06 alle 10:00 è già prenotato.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(bodiesOf('POST /api/admin/tournaments')).toEqual([
      {
        name: 'Torneo d’estate', title_de: 'Sommerturnier', title_en: null, sport: 'beach_volley', category: 'open', under_age: null, format: 'single_elimination', match_format: 'best_of_three_21', match_minutes: 40,
        time_cap_minutes: null, rest_minutes: 20, pool_size: 4, entry_fee: '15,50', max_entries: 12,
        registration_opens_at: '2027-05-01T07:00:00.000Z', registration_closes_at: '2027-06-10T20:00:00.000Z', starts_on: '2027-06-12', ends_on: '2027-06-13',
        rules_text: 'Si gioca con le regole FIPAV.',
        courts: [{ court_id: 1, date: '2027-06-12', from: '09:00', to: '19:00' }, { court_id: 2, date: '2027-06-13', from: '14:00', to: '20:00' }],
      },
    ]);
  });

  it('edits a tournament from its settings (times in Rome) and puts the server’s field messages under the court rows', async () => {
    handlers['PUT /api/admin/tournaments/5'] = () => jsonResponse(422, { message: 'Dati non validi.', errors: { 'courts.1.date': ['Ogni giorno dei campi deve cadere tra l’inizio e la fine del torneo.'] } });
    renderAt(<TournamentFormModal tournament={aTournament()} onClose={vi.fn()} onSaved={vi.fn()} />, { url: '/admin/tornei/5' });
    await screen.findAllByRole('option', { name: 'C1' });
    expect((screen.getByLabelText(/^Apertura iscrizioni/) as HTMLInputElement).value).toBe('2027-05-01T09:00');
    expect((screen.getByLabelText(/^Quota per giocatore/) as HTMLInputElement).value).toBe('15,00');
    expect((screen.getByLabelText('Campo 2') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Salva torneo' }));
    await waitFor(() => expect(errorUnder('Giorno', 1)).toBe('Ogni giorno dei campi deve cadere tra l’inizio e la fine del torneo.'));
    expect(bodiesOf('PUT /api/admin/tournaments/5')[0]).toMatchObject({ category: 'mixed', registration_opens_at: '2027-05-01T07:00:00.000Z', entry_fee: '15,00' });
  });

  it('says so when a court’s day falls outside the tournament’s days', async () => {
    renderAt(<TournamentFormModal tournament={aTournament()} onClose={vi.fn()} onSaved={vi.fn()} />, { url: '/admin/tornei/5' });
    await screen.findAllByRole('option', { name: 'C1' });
    type('Giorno', '2027-06-20', 1);
    fireEvent.click(screen.getByRole('button', { name: 'Salva torneo' }));
    expect(await screen.findByText('Ogni giorno dei campi deve cadere tra l’inizio e la fine del torneo.')).toBeTruthy();
    expect(bodiesOf('PUT /api/admin/tournaments/5')).toEqual([]);
  });
});
