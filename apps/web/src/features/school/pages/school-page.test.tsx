import type { TEnrolment, TOpenCourse } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../../lib/checkout';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { offeredKinds } from '../components/enrol-dialog';
import SchoolPage from './school-page';

const course = (overrides: Partial<TOpenCourse> = {}): TOpenCourse => ({
  id: 7, name: 'Beach volley ragazzi', sport: 'beach_volley', level: 'Base', min_age: 10, max_age: 14, coach_first_name: 'Marco',
  weekdays: [2, 4], start_time: '18:00', duration_minutes: 90, courts: ['D1', 'D2'], starts_on: '2027-06-01', ends_on: '2027-07-31',
  places_left: 3, sessions_total: 18, sessions_left: 12, price_now: '80.00', price: '120.00', lesson_price: '15.00', trial_allowed: true,
  sessions: [{ id: 71, starts_at: '2027-06-10T16:00:00.000Z', ends_at: '2027-06-10T17:30:00.000Z', places_left: 3 }, { id: 72, starts_at: '2027-06-15T16:00:00.000Z', ends_at: '2027-06-15T17:30:00.000Z', places_left: 3 }],
  ...overrides,
});
const enrolment = (overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id: 90, course: { id: 7, name: 'Beach volley ragazzi' }, participant: { child_id: 5, name: 'Luca Rossi' }, kind: 'lesson', session_starts_at: '2027-06-15T16:00:00.000Z',
  amount: '15.00', owed: '15.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z',
  instalments: [{ seq: 1, amount: '15.00', due_on: '2027-06-01', paid: false, overdue: false }], due_now: '15.00', next_due: { seq: 1, amount: '15.00', due_on: '2027-06-01', paid: false, overdue: false }, pay_now: { seq: 1, amount: '15.00' },
  ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('user');
afterEach(() => vi.restoreAllMocks());

describe('the kinds a course offers', () => {
  it('are the whole course while places are left, a lesson when sold, a trial when allowed', () => {
    expect(offeredKinds(course())).toEqual([{ kind: 'course', price: '80.00' }, { kind: 'lesson', price: '15.00' }, { kind: 'trial', price: '0.00' }]);
    expect(offeredKinds(course({ places_left: 0, lesson_price: null, trial_allowed: false }))).toEqual([]);
  });
});

describe('/scuola', () => {
  it('lists the courses; a card opens the course, a child is enrolled in one lesson and paid by card', async () => {
    handlers['GET /api/courses'] = () => jsonResponse(200, { data: [course()] });
    handlers['GET /api/me/enrolments/participants'] = () => jsonResponse(200, { data: [{ child_id: null, name: 'Anna Rossi' }, { child_id: 5, name: 'Luca Rossi' }] });
    handlers['POST /api/me/enrolments'] = () => jsonResponse(201, { message: 'Posto tenuto: completa il pagamento per confermare l’iscrizione.', enrolment: enrolment() });
    handlers['POST /api/me/enrolments/90/checkout'] = () => jsonResponse(200, { checkout_url: 'https://checkout.example/s/1' });
    const goToCheckout = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    renderAt(<SchoolPage />, { url: '/scuola' });

    const card = await screen.findByRole('button', { name: /Beach volley ragazzi/ });
    expect(card.textContent).toContain('mar, gio · 18:00 · D1, D2');
    expect(card.textContent).toContain('3 posti liberi');
    expect(card.textContent).toMatch(/80,00/);
    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Marco')).toBeTruthy();
    const who = (await within(dialog).findByRole('option', { name: 'Luca Rossi' })) as HTMLOptionElement;
    fireEvent.change(within(dialog).getByLabelText('Chi iscrivi'), { target: { value: who.value } });
    fireEvent.change(within(dialog).getByLabelText('Come'), { target: { value: 'lesson' } });
    fireEvent.change(within(dialog).getByLabelText('Lezione'), { target: { value: '72' } });
    expect(within(dialog).getByText(/Prezzo: 15,00/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iscrivi' }));
    expect(await within(dialog).findByText('Posto tenuto: completa il pagamento per confermare l’iscrizione.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments')).toEqual([{ course_id: 7, kind: 'lesson', child_id: 5, session_id: 72 }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Paga con la carta' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/s/1'));
  });

  it('shows the server’s refusal', async () => {
    handlers['GET /api/courses'] = () => jsonResponse(200, { data: [course({ lesson_price: null, trial_allowed: false })] });
    handlers['GET /api/me/enrolments/participants'] = () => jsonResponse(200, { data: [{ child_id: null, name: 'Anna Rossi' }] });
    handlers['POST /api/me/enrolments'] = () => jsonResponse(422, { message: 'Per iscriverti serve una tessera valida per le date del corso.' });
    renderAt(<SchoolPage />, { url: '/scuola' });
    fireEvent.click(await screen.findByRole('button', { name: /Beach volley ragazzi/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Io (Anna Rossi)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iscrivi' }));
    expect(await within(dialog).findByText('Per iscriverti serve una tessera valida per le date del corso.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments')).toEqual([{ course_id: 7, kind: 'course', child_id: null, session_id: null }]);
  });
});
