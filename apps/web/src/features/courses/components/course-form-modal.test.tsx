import type { TCourt, TCoursePreview } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { CourseFormModal } from './course-form-modal';

const court = (id: number, code: string, row: TCourt['row']): TCourt => ({ id, code, name: `Campo ${code}`, row, position: id, purpose: row === 'D' ? 'school' : 'bookable', has_lights: false, is_bookable: row !== 'D', description: null });
const PREVIEW: TCoursePreview = {
  occurrences: [
    { date: '2027-03-23', starts_at: '2027-03-23T16:00:00.000Z', ends_at: '2027-03-23T17:30:00.000Z', state: 'conflict', conflicts: ['D2: prenotazione 17:00–18:30'], warnings: [] },
    { date: '2027-03-30', starts_at: '2027-03-30T15:00:00.000Z', ends_at: '2027-03-30T16:30:00.000Z', state: 'free', conflicts: [], warnings: [] },
  ],
  free: 1,
  skipped: 1,
};

const { handlers, bodiesOf } = stubApiForEachTest('admin');
beforeEach(() => {
  handlers['GET /api/admin/courts'] = () => jsonResponse(200, { data: [court(1, 'C1', 'C'), court(21, 'D1', 'D'), court(22, 'D2', 'D')] });
  handlers['GET /api/admin/course-coaches'] = () => jsonResponse(200, { data: [{ id: 7, name: 'Marco Allenatore' }] });
  handlers['POST /api/admin/courses/preview'] = () => jsonResponse(200, PREVIEW);
});

describe('the course form', () => {
  it('previews the sessions of the schedule on the D courts, with their conflicts, before it can save', async () => {
    renderAt(<CourseFormModal course={null} onClose={vi.fn()} onSaved={vi.fn()} />, { url: '/admin/corsi' });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'D1' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'C1' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Mar' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Under 14' } });
    fireEvent.change(screen.getByLabelText(/^Primo giorno/), { target: { value: '2027-03-22' } });
    fireEvent.change(screen.getByLabelText(/^Ultimo giorno/), { target: { value: '2027-03-31' } });
    fireEvent.change(screen.getByLabelText(/^Prezzo del corso/), { target: { value: '180' } });
    fireEvent.change(screen.getByLabelText('Date da saltare'), { target: { value: '2027-03-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    const save = screen.getByRole('button', { name: /^Salva corso/ });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }));
    const list = await screen.findByRole('list', { name: 'Lezioni generate' });
    expect(bodiesOf('POST /api/admin/courses/preview')).toEqual([
      { court_ids: [21, 22], starts_on: '2027-03-22', ends_on: '2027-03-31', weekdays: [2, 4], start_time: '17:00', duration_minutes: 90, exceptions: ['2027-03-25'] },
    ]);
    const [conflict, free] = within(list).getAllByRole('listitem');
    expect(conflict!.textContent).toContain('17:00–18:30');
    expect(conflict!.textContent).toContain('Saltata: conflitto');
    expect(conflict!.textContent).toContain('D2: prenotazione 17:00–18:30');
    expect(free!.textContent).toContain('Libera');
    expect(screen.getByText('1 lezione libera, 1 saltata per conflitto o data passata')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salva corso (1 lezioni)' }).hasAttribute('disabled')).toBe(false);

    // A change asks for a new preview.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gio' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Lezioni generate' })).toBeNull());
    expect(screen.getByRole('button', { name: /^Salva corso/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the contract’s Italian messages instead of asking for a preview of a bad schedule', async () => {
    renderAt(<CourseFormModal course={null} onClose={vi.fn()} onSaved={vi.fn()} />, { url: '/admin/corsi' });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'D1' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mar' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByText('Scegli almeno un giorno della settimana.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/courses/preview')).toEqual([]);
  });
});

describe('the camp form', () => {
  it('starts a camp week Monday to Friday at 09:00 for 8 hours on the D courts with its usual bands, and saves their places and terms', async () => {
    handlers['POST /api/admin/courses'] = () => jsonResponse(201, { message: 'Corso salvato: 5 lezioni.', course: { id: 41 }, skipped: [] });
    const onSaved = vi.fn();
    renderAt(<CourseFormModal course={null} onClose={vi.fn()} onSaved={onSaved} />, { url: '/admin/corsi' });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'D1' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'camp' } });
    expect(screen.getByRole('dialog', { name: 'Nuovo centro estivo' })).toBeTruthy();
    expect(['Lun', 'Mar', 'Mer', 'Gio', 'Ven'].every((day) => (screen.getByRole('checkbox', { name: day }) as HTMLInputElement).checked)).toBe(true);
    expect((screen.getByLabelText(/^Ora di inizio/) as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByLabelText(/^Durata/) as HTMLInputElement).value).toBe('480');
    expect(screen.queryByLabelText(/^Prezzo di una lezione/)).toBeNull();
    expect(screen.queryByLabelText(/^Partecipanti massimi/)).toBeNull();
    const bands = screen.getByRole('list', { name: 'Fasce d’età' });
    expect(within(bands).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Centro estivo 1' } });
    fireEvent.change(screen.getByLabelText('Titolo (inglese, facoltativo)'), { target: { value: 'Summer camp, week 1' } });
    fireEvent.change(screen.getByLabelText(/^Primo giorno/), { target: { value: '2027-06-14' } });
    fireEvent.change(screen.getByLabelText(/^Ultimo giorno/), { target: { value: '2027-06-18' } });
    fireEvent.change(screen.getByLabelText(/^Prezzo della settimana/), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText(/^Acconto/), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText(/^Saldo entro/), { target: { value: '2027-06-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByText('Il saldo va pagato prima del primo giorno.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Saldo entro/), { target: { value: '2027-06-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }));
    await screen.findByRole('list', { name: 'Lezioni generate' });
    fireEvent.click(screen.getByRole('button', { name: /^Salva centro estivo/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Corso salvato: 5 lezioni.', 41));
    expect(bodiesOf('POST /api/admin/courses')[0]).toMatchObject({
      offer: 'camp', name: 'Centro estivo 1', title_de: null, title_en: 'Summer camp, week 1', weekdays: [1, 2, 3, 4, 5], start_time: '09:00', duration_minutes: '480', court_ids: [21, 22], max_participants: '36', min_participants: '8',
      price: '150', deposit: '50', balance_due_on: '2027-06-07', sibling_discount_percent: '10', late_fee: 0, late_fee_from: null, instalment_dates: [],
      bands: [{ min_age: '6', max_age: '10', capacity: '20' }, { min_age: '11', max_age: '14', capacity: '16' }],
    });
  });
});
