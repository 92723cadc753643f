import type { TCourseSession } from '@beach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { SessionActions } from './session-actions';

// Tuesday 30 March 2027, 17:00 in Rome (summer time).
const SESSION: TCourseSession = { id: 5, starts_at: '2027-03-30T15:00:00.000Z', ends_at: '2027-03-30T16:30:00.000Z', cancelled_at: null, cancel_reason: null };
const { handlers, bodiesOf } = stubApiForEachTest('admin');
const detail = { id: 3, sessions: [SESSION] };

describe('a session’s actions in the course detail', () => {
  it('cancels with a make-up credit or without, after a reason', async () => {
    handlers['POST /api/admin/courses/3/sessions/5/cancel'] = () => jsonResponse(200, detail);
    const notify = vi.fn();
    renderAt(<SessionActions courseId={3} session={SESSION} notify={notify} />, { url: '/admin/corsi' });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla la lezione del 30/03/2027' }));
    const withCredit = screen.getByRole('button', { name: 'Annulla e dai un credito di recupero' });
    expect(withCredit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: 'Pioggia' } });
    fireEvent.click(withCredit);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Lezione annullata: chi ha pagato il corso riceve un credito di recupero.'));
    expect(bodiesOf('POST /api/admin/courses/3/sessions/5/cancel')).toEqual([{ reason: 'Pioggia', make_up: 'credit' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Annulla la lezione del 30/03/2027' }));
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: 'Festa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla senza recupero' }));
    await waitFor(() => expect(bodiesOf('POST /api/admin/courses/3/sessions/5/cancel')).toHaveLength(2));
    expect(bodiesOf('POST /api/admin/courses/3/sessions/5/cancel')[1]).toEqual({ reason: 'Festa', make_up: 'none' });
  });

  it('moves it to a new day and time, and shows what is in the way when refused', async () => {
    const conflict = 'Alla nuova ora i campi del corso sono occupati: D1: prenotazione 18:00–19:30.';
    handlers['POST /api/admin/courses/3/sessions/5/move'] = () => jsonResponse(409, { message: conflict });
    const notify = vi.fn();
    renderAt(<SessionActions courseId={3} session={SESSION} notify={notify} />, { url: '/admin/corsi' });
    fireEvent.click(screen.getByRole('button', { name: 'Sposta la lezione del 30/03/2027' }));
    // The form starts at the session's own day and Rome time.
    expect((screen.getByLabelText(/^Nuovo giorno/) as HTMLInputElement).value).toBe('2027-03-30');
    expect((screen.getByLabelText(/^Nuovo orario/) as HTMLInputElement).value).toBe('17:00');
    fireEvent.change(screen.getByLabelText(/^Nuovo giorno/), { target: { value: '2027-04-01' } });
    fireEvent.change(screen.getByLabelText(/^Nuovo orario/), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sposta' }));
    expect(await screen.findByText(conflict)).toBeTruthy();
    expect(bodiesOf('POST /api/admin/courses/3/sessions/5/move')).toEqual([{ date: '2027-04-01', start_time: '18:00' }]);
    expect(notify).not.toHaveBeenCalled();

    handlers['POST /api/admin/courses/3/sessions/5/move'] = () => jsonResponse(200, detail);
    fireEvent.click(screen.getByRole('button', { name: 'Sposta' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Lezione spostata: i campi la seguono e gli iscritti ricevono un’e-mail.'));
    expect(screen.queryByText(conflict)).toBeNull();
  });
});
