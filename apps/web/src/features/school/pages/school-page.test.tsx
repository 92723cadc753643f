import type { TEnrolment, TOpenCourse } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../../lib/checkout';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { campHours } from '../components/camp-card';
import { offeredKinds } from '../components/enrol-dialog';
import SchoolPage from './school-page';

const course = (overrides: Partial<TOpenCourse> = {}): TOpenCourse => ({
  id: 7, offer: 'course', name: 'Beach volley ragazzi', sport: 'beach_volley', level: 'Base', min_age: 10, max_age: 14, coach_first_name: 'Marco',
  weekdays: [2, 4], start_time: '18:00', duration_minutes: 90, courts: ['D1', 'D2'], starts_on: '2027-06-01', ends_on: '2027-07-31',
  places_left: 3, sessions_total: 18, sessions_left: 12, price_now: '80.00', price: '120.00', lesson_price: '15.00', trial_allowed: true,
  sessions: [{ id: 71, starts_at: '2027-06-10T16:00:00.000Z', ends_at: '2027-06-10T17:30:00.000Z', places_left: 3 }, { id: 72, starts_at: '2027-06-15T16:00:00.000Z', ends_at: '2027-06-15T17:30:00.000Z', places_left: 3 }],
  bands: [], deposit: null, balance_due_on: null, sibling_discount_percent: 0, late_fee: '0.00', late_fee_from: null,
  ...overrides,
});
const enrolment = (overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id: 90, course: { id: 7, name: 'Beach volley ragazzi', offer: 'course' }, participant: { child_id: 5, name: 'Luca Rossi' }, kind: 'lesson', session_starts_at: '2027-06-15T16:00:00.000Z',
  amount: '15.00', sibling_discount: '0.00', owed: '15.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z',
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
    handlers['GET /api/me/enrolments/participants'] = () => jsonResponse(200, { data: [{ child_id: null, name: 'Anna Rossi', birth_date: null }, { child_id: 5, name: 'Luca Rossi', birth_date: null }] });
    handlers['POST /api/me/enrolments'] = () => jsonResponse(201, { message: 'Posto tenuto: completa il pagamento per confermare l’iscrizione.', enrolment: enrolment(), debt: '4.50' });
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
    // The member owes the centre: said with the enrolment, where to pay it too.
    expect(within(dialog).getByText(/^Devi ancora 4,50\s€ al centro\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Paga con la carta' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/s/1'));
  });

  it('shows the server’s refusal', async () => {
    handlers['GET /api/courses'] = () => jsonResponse(200, { data: [course({ lesson_price: null, trial_allowed: false })] });
    handlers['GET /api/me/enrolments/participants'] = () => jsonResponse(200, { data: [{ child_id: null, name: 'Anna Rossi', birth_date: null }] });
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

const camp = (overrides: Partial<TOpenCourse> = {}): TOpenCourse =>
  course({
    id: 30, offer: 'camp', name: 'Centro estivo 1', level: null, min_age: 6, max_age: 14, coach_first_name: null, weekdays: [1, 2, 3, 4, 5], start_time: '09:00', duration_minutes: 480,
    courts: ['D1', 'D2'], starts_on: '2027-06-14', ends_on: '2027-06-18', places_left: 28, sessions_total: 5, sessions_left: 5, price_now: '160.00', price: '150.00', lesson_price: null, trial_allowed: false,
    bands: [{ min_age: 6, max_age: 10, places_left: 12 }, { min_age: 11, max_age: 14, places_left: 0 }], deposit: '50.00', balance_due_on: '2027-06-07', sibling_discount_percent: 10, late_fee: '10.00', late_fee_from: '2027-06-07',
    ...overrides,
  });

describe('the camps of /scuola', () => {
  it('say their hours from the start and the length of a day', () => {
    expect(campHours({ start_time: '09:00', duration_minutes: 480 })).toBe('09:00–17:00');
    expect(campHours({ start_time: '09:00', duration_minutes: 240 })).toBe('09:00–13:00');
  });

  it('are a section of their own in date order, with their bands and terms; ticked children are enrolled one after the other, each outcome told', async () => {
    handlers['GET /api/courses'] = () => jsonResponse(200, { data: [camp({ id: 31, name: 'Centro estivo 2', starts_on: '2027-06-21', ends_on: '2027-06-25' }), course(), camp()] });
    handlers['GET /api/me/enrolments/participants'] = () =>
      jsonResponse(200, { data: [{ child_id: null, name: 'Anna Rossi', birth_date: '1984-03-02' }, { child_id: 5, name: 'Luca Rossi', birth_date: '2018-01-01' }, { child_id: 6, name: 'Sara Rossi', birth_date: '2014-05-01' }] });
    handlers['POST /api/me/enrolments'] = (body) =>
      (body as { child_id: number }).child_id === 5
        ? jsonResponse(201, { message: 'Posto tenuto: completa il pagamento per confermare l’iscrizione.', enrolment: enrolment({ kind: 'course', amount: '150.00', course: { id: 30, name: 'Centro estivo 1', offer: 'camp' } }) })
        : jsonResponse(409, { message: 'Fascia d’età al completo.' });
    renderAt(<SchoolPage />, { url: '/scuola' });

    const section = await screen.findByRole('region', { name: 'Centri estivi' });
    const cards = within(section).getAllByRole('button');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Centro estivo 1', 'Centro estivo 2']);
    expect(within(section).queryByText('Beach volley ragazzi')).toBeNull();
    const first = cards[0]!;
    expect(first.textContent).toMatch(/lun 14\s–\sven 18 giugno 2027/);
    expect(first.textContent).toContain('09:00–17:00');
    expect(first.textContent).toContain('6–10 anni: 12 posti');
    expect(first.textContent).toContain('11–14 anni: al completo');
    expect(first.textContent).toMatch(/Acconto 50,00\s€ all’iscrizione, saldo entro il 07\/06\/2027/);
    expect(first.textContent).toContain('Sconto fratelli: 10% dal secondo figlio');
    expect(first.textContent).toMatch(/160,00/);

    fireEvent.click(first);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Luca Rossi' }));
    // The parent is of no band's age: not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Io (Anna Rossi)' })).toBeNull();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sara Rossi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iscrivi' }));
    const outcomes = await within(dialog).findByRole('list', { name: 'Esito delle iscrizioni' });
    expect(within(outcomes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Luca Rossi · 150,00\s€: Posto tenuto: completa il pagamento per confermare l’iscrizione\.$/),
      'Sara Rossi: Fascia d’età al completo.',
    ]);
    // Her band is full: the dialog offers its waiting list.
    expect(within(dialog).getByRole('region', { name: 'Lista d’attesa' })).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments')).toEqual([{ course_id: 30, kind: 'course', child_id: 5 }, { course_id: 30, kind: 'course', child_id: 6 }]);
    expect(within(dialog).getByRole('link', { name: 'Vai al profilo per pagare' }).getAttribute('href')).toBe('/profilo');
    // A refusal hides no control: the family can be ticked again.
    expect(within(dialog).getByRole('checkbox', { name: 'Sara Rossi' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Iscrivi' })).toBeTruthy();
  });
});
