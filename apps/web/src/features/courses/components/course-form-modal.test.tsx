import type { TCourt, TCoursePreview } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { CourseFormModal } from './course-form-modal';

const court = (id: number, code: string, row: TCourt['row']): TCourt => ({ id, code, name: `Campo ${code}`, row, position: id, purpose: row === 'D' ? 'school' : 'bookable', has_lights: false, is_bookable: row !== 'D', description: null });
const PREVIEW: TCoursePreview = {
  occurrences: [
    { date: '2027-03-23', starts_at: '2027-03-23T16:00:00.000Z', ends_at: '2027-03-23T17:30:00.000Z', state: 'conflict', conflicts: ['D2: prenotazione 17:00–18:30'] },
    { date: '2027-03-30', starts_at: '2027-03-30T15:00:00.000Z', ends_at: '2027-03-30T16:30:00.000Z', state: 'free', conflicts: [] },
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
