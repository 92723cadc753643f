import type { TEnrolment } from '@beach/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../../lib/checkout';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { MyEnrolmentsSection } from './my-enrolments-section';

const enrolment = (id: number, overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id, course: { id: 7, name: `Corso ${id}`, offer: 'course' }, participant: { child_id: null, name: 'Anna Rossi' }, kind: 'course', session_starts_at: null,
  amount: '80.00', sibling_discount: '0.00', owed: '80.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z',
  instalments: [{ seq: 1, amount: '80.00', due_on: '2027-06-01', paid: false, overdue: false }], due_now: '80.00', next_due: { seq: 1, amount: '80.00', due_on: '2027-06-01', paid: false, overdue: false }, pay_now: { seq: 1, amount: '80.00' },
  ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('user');
const CREDIT = 'GET /api/me/credit?page=1&per_page=10';
// Enough credit for every amount below, unless a test says otherwise.
beforeEach(() => {
  handlers[CREDIT] = () => jsonResponse(200, creditStatement('200.00'));
});

describe('Le mie iscrizioni', () => {
  it('shows each enrolment’s status; a pending one is paid with credit or cancelled, a confirmed one has no actions', async () => {
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [enrolment(1), enrolment(2, { status: 'confirmed', owed: '0.00', hold_expires_at: null, pay_now: null })] });
    handlers['POST /api/me/enrolments/1/pay-with-credit'] = () => jsonResponse(200, { message: 'Iscrizione pagata con il credito e confermata.', enrolment: enrolment(1, { status: 'confirmed', owed: '0.00', pay_now: null }) });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const pending = await screen.findByRole('listitem', { name: 'Corso 1' });
    const confirmed = screen.getByRole('listitem', { name: 'Corso 2' });
    expect(within(pending).getByText('Da pagare')).toBeTruthy();
    expect(within(confirmed).getByText('Confermata')).toBeTruthy();
    expect(pending.textContent).toContain('Anna Rossi · Tutto il corso');
    expect(within(confirmed).queryByRole('button')).toBeNull();
    fireEvent.click(await within(pending).findByRole('button', { name: 'Paga con il credito' }));
    expect(await screen.findByText('Iscrizione pagata con il credito e confermata.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments/1/pay-with-credit')).toHaveLength(1);
  });

  it('offers "Paga con il credito" only when the credit available covers what is due now (not with none, nor 79,99 € for 80,00 €)', async () => {
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [enrolment(1)] });
    for (const balance of ['0.00', '79.99']) {
      let creditRead = false;
      handlers[CREDIT] = () => {
        creditRead = true;
        return jsonResponse(200, creditStatement(balance));
      };
      const { unmount } = renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
      const row = await screen.findByRole('listitem', { name: 'Corso 1' });
      await within(row).findByRole('button', { name: 'Paga con la carta' });
      // Once the credit is read and its answer rendered, the credit's button would be there.
      await expect.poll(() => creditRead).toBe(true);
      await act(async () => {});
      expect(within(row).queryByRole('button', { name: 'Paga con il credito' })).toBeNull();
      unmount();
    }
  });

  it('shows how long a pending place is held, and a camp’s instalments with "Paga ora" for the next one', async () => {
    const camp = enrolment(3, {
      course: { id: 8, name: 'Corso 3', offer: 'camp' },
      status: 'confirmed', amount: '100.00', owed: '70.00', due_now: '0.00', hold_expires_at: null,
      instalments: [
        { seq: 1, amount: '30.00', due_on: '2027-05-10', paid: true, overdue: false },
        { seq: 2, amount: '70.00', due_on: '2027-06-07', paid: false, overdue: false },
      ],
      next_due: { seq: 2, amount: '70.00', due_on: '2027-06-07', paid: false, overdue: false },
      pay_now: { seq: 2, amount: '70.00' },
    });
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [enrolment(1), camp] });
    handlers['POST /api/me/enrolments/3/pay-with-credit'] = () => jsonResponse(200, { message: 'Rata pagata con il credito.', enrolment: { ...camp, owed: '0.00', pay_now: null } });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const pending = await screen.findByRole('listitem', { name: 'Corso 1' });
    expect(within(pending).getByText('Posto tenuto fino alle 12:15')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Annulla iscrizione' }).className).toContain('ring-1');
    const row = screen.getByRole('listitem', { name: 'Corso 3' });
    expect(row.textContent).toContain('Anna Rossi · Settimana intera');
    const instalments = within(row).getByRole('list', { name: 'Rate' });
    expect(within(instalments).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^30,00\s€ entro il 10\/05\/2027Pagata$/),
      expect.stringMatching(/^70,00\s€ entro il 07\/06\/2027Da pagare$/),
    ]);
    expect(within(row).getByText(/Prossima rata: 70,00\s€, entro il 07\/06\/2027/)).toBeTruthy();
    fireEvent.click(await within(row).findByRole('button', { name: 'Paga ora con il credito' }));
    expect(await screen.findByText('Rata pagata con il credito.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments/3/pay-with-credit')).toEqual([{ seq: 2 }]);
  });

  it('keeps the answer of a deposit paid with credit once the enrolment is confirmed, and offers the balance', async () => {
    const instalments = [
      { seq: 1, amount: '50.00', due_on: '2027-05-10', paid: false, overdue: false },
      { seq: 2, amount: '100.00', due_on: '2027-06-07', paid: false, overdue: false },
    ];
    const pending = enrolment(5, { amount: '150.00', owed: '150.00', due_now: '50.00', instalments, next_due: instalments[0]!, pay_now: { seq: 1, amount: '50.00' } });
    const paidDeposit = enrolment(5, {
      status: 'confirmed', amount: '150.00', owed: '100.00', due_now: '0.00', hold_expires_at: null,
      instalments: [{ ...instalments[0]!, paid: true }, instalments[1]!], next_due: instalments[1]!, pay_now: { seq: 2, amount: '100.00' },
    });
    let current = pending;
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [current] });
    handlers['POST /api/me/enrolments/5/pay-with-credit'] = () => {
      current = paidDeposit;
      return jsonResponse(200, { message: 'Iscrizione pagata con il credito e confermata.', enrolment: paidDeposit });
    };
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const row = await screen.findByRole('listitem', { name: 'Corso 5' });
    fireEvent.click(await within(row).findByRole('button', { name: 'Paga con il credito' }));
    await within(row).findByText('Confermata');
    expect(within(row).getByText('Iscrizione pagata con il credito e confermata.')).toBeTruthy();
    expect(within(row).getByText(/Prossima rata: 100,00\s€, entro il 07\/06\/2027/)).toBeTruthy();
    expect(await within(row).findByRole('button', { name: 'Paga ora con il credito' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Annulla iscrizione' })).toBeNull();
  });

  it('marks an overdue instalment', async () => {
    handlers['GET /api/me/enrolments'] = () =>
      jsonResponse(200, {
        data: [
          enrolment(4, {
            status: 'confirmed', owed: '50.00', hold_expires_at: null,
            instalments: [
              { seq: 1, amount: '30.00', due_on: '2027-05-10', paid: true, overdue: false },
              { seq: 2, amount: '50.00', due_on: '2027-05-20', paid: false, overdue: true },
            ],
            pay_now: { seq: 2, amount: '50.00' },
          }),
        ],
      });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const row = await screen.findByRole('listitem', { name: 'Corso 4' });
    expect(within(row).getByText('Scaduta')).toBeTruthy();
  });

  it('keeps "Paga con la carta" disabled once Stripe’s page is answered, while the browser leaves for it: a second tap opens no second checkout', async () => {
    const goToCheckout = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [enrolment(6)] });
    handlers['POST /api/me/enrolments/6/checkout'] = () => jsonResponse(200, { checkout_url: 'https://checkout.example/cs_test_6' });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const row = await screen.findByRole('listitem', { name: 'Corso 6' });
    fireEvent.click(within(row).getByRole('button', { name: 'Paga con la carta' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/cs_test_6'));
    const opening = within(row).getByRole('button', { name: /Apertura del pagamento/ }) as HTMLButtonElement;
    expect(opening.disabled).toBe(true);
    fireEvent.click(opening);
    expect(bodiesOf('POST /api/me/enrolments/6/checkout')).toEqual([{ seq: 1 }]);
    goToCheckout.mockRestore();
  });
  it('shows a discounted sibling’s place without pay buttons, naming the place to pay first, until that place is confirmed', async () => {
    const camp = { id: 9, name: 'Centro estivo', offer: 'camp' as const };
    const pietro = enrolment(10, { course: camp, participant: { child_id: 3, name: 'Pietro Rossi' }, amount: '150.00' });
    const sofia = enrolment(11, { course: camp, participant: { child_id: 4, name: 'Sofia Rossi' }, amount: '135.00', sibling_discount: '15.00' });
    let current = [pietro, sofia];
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: current });
    handlers['POST /api/me/enrolments/10/pay-with-credit'] = () => {
      current = [{ ...pietro, status: 'confirmed', owed: '0.00', hold_expires_at: null, pay_now: null }, sofia];
      return jsonResponse(200, { message: 'Iscrizione pagata con il credito e confermata.', enrolment: current[0] });
    };
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    await screen.findAllByRole('listitem', { name: 'Centro estivo' });
    const rowOf = (name: string) => screen.getAllByRole('listitem', { name: 'Centro estivo' }).find((row) => row.textContent?.includes(name))!;
    // Before Pietro's place is confirmed, Sofia's says to pay it first and offers no payment the server would refuse.
    expect(within(rowOf('Sofia')).getByText('Paga prima l’iscrizione di Pietro Rossi: lo sconto fratelli vale con un fratello iscritto.')).toBeTruthy();
    expect(within(rowOf('Sofia')).queryByRole('button', { name: /Paga/ })).toBeNull();
    expect(within(rowOf('Sofia')).getByRole('button', { name: 'Annulla iscrizione' })).toBeTruthy();
    // Once it is, Sofia's buttons come.
    fireEvent.click(await within(rowOf('Pietro')).findByRole('button', { name: 'Paga con il credito' }));
    expect(await within(rowOf('Sofia')).findByRole('button', { name: 'Paga con il credito' })).toBeTruthy();
    expect(within(rowOf('Sofia')).getByRole('button', { name: 'Paga con la carta' })).toBeTruthy();
    expect(within(rowOf('Sofia')).queryByText(/Paga prima/)).toBeNull();
  });
  it('tells to pay the place without the discount first when no other place of the course is left to pay, and counts the member’s own confirmed place', async () => {
    const camp = { id: 9, name: 'Centro estivo', offer: 'camp' as const };
    const sofia = enrolment(11, { course: camp, participant: { child_id: 4, name: 'Sofia Rossi' }, amount: '135.00', sibling_discount: '15.00' });
    const pietroCancelled = enrolment(10, { course: camp, participant: { child_id: 3, name: 'Pietro Rossi' }, status: 'cancelled', owed: '0.00', pay_now: null });
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [pietroCancelled, sofia] });
    const { unmount } = renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const rowOf = async (name: string) => (await screen.findAllByRole('listitem', { name: 'Centro estivo' })).find((row) => row.textContent?.includes(name))!;
    expect(within(await rowOf('Sofia')).getByText('Paga prima l’iscrizione senza sconto: lo sconto fratelli vale con un fratello iscritto.')).toBeTruthy();
    expect(within(await rowOf('Sofia')).queryByRole('button', { name: /Paga/ })).toBeNull();
    unmount();
    // The parent's own confirmed place in the week is a sibling's place too (the server counts any other person).
    const parent = enrolment(12, { course: camp, participant: { child_id: null, name: 'Anna Rossi' }, status: 'confirmed', owed: '0.00', pay_now: null });
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [parent, sofia] });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    expect(await within(await rowOf('Sofia')).findByRole('button', { name: 'Paga con la carta' })).toBeTruthy();
    expect(within(await rowOf('Sofia')).queryByText(/Paga prima/)).toBeNull();
  });
});
