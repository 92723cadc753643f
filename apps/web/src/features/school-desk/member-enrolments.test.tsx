import type { TEnrolment } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../test/test-support';
import { MemberEnrolments } from './member-enrolments';

const enrolment = (overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id: 4, course: { id: 7, name: 'Minivolley', offer: 'course' }, participant: { child_id: 3, name: 'Tommaso Rossi' }, kind: 'course', session_starts_at: null,
  amount: '60.00', sibling_discount: '0.00', owed: '60.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z',
  instalments: [{ seq: 1, amount: '60.00', due_on: '2027-06-01', paid: false, overdue: false }], due_now: '60.00', next_due: { seq: 1, amount: '60.00', due_on: '2027-06-01', paid: false, overdue: false }, pay_now: { seq: 1, amount: '60.00' },
  ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('staff');

describe('the desk’s enrolments of a member', () => {
  it('collects a pending enrolment by the method chosen and shows the answer', async () => {
    let paid = false;
    handlers['GET /api/admin/users/12/enrolments'] = () => jsonResponse(200, { data: [enrolment(paid ? { status: 'confirmed', owed: '0.00', pay_now: null } : {})] });
    handlers['POST /api/admin/enrolments/4/collect'] = () => {
      paid = true;
      return jsonResponse(200, { message: 'Iscrizione incassata e confermata.', enrolment: enrolment({ status: 'confirmed', owed: '0.00', pay_now: null }) });
    };
    renderAt(<MemberEnrolments userId={12} />, { url: '/admin/users' });
    const row = await screen.findByRole('listitem', { name: 'Iscrizione Minivolley' });
    expect(row.textContent).toContain('Tommaso Rossi · Tutto il corso');
    fireEvent.change(within(row).getByLabelText('Pagato con'), { target: { value: 'card' } });
    fireEvent.click(within(row).getByRole('button', { name: /Incassa 60,00/ }));
    expect(await screen.findByText('Iscrizione incassata e confermata.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/enrolments/4/collect')).toEqual([{ method: 'card', seq: 1 }]);
    await within(await screen.findByRole('listitem', { name: 'Iscrizione Minivolley' })).findByText(/Confermata/);
    expect(screen.queryByRole('button', { name: /Incassa/ })).toBeNull();
  });

  it('shows the instalments, an overdue one in red, and collects the next instalment of a confirmed enrolment', async () => {
    const camp = enrolment({
      status: 'confirmed', amount: '100.00', owed: '70.00', due_now: '70.00', hold_expires_at: null,
      instalments: [
        { seq: 1, amount: '30.00', due_on: '2027-05-10', paid: true, overdue: false },
        { seq: 2, amount: '70.00', due_on: '2027-06-07', paid: false, overdue: true },
      ],
      next_due: { seq: 2, amount: '70.00', due_on: '2027-06-07', paid: false, overdue: true },
      pay_now: { seq: 2, amount: '70.00' },
    });
    handlers['GET /api/admin/users/12/enrolments'] = () => jsonResponse(200, { data: [camp] });
    handlers['POST /api/admin/enrolments/4/collect'] = () => jsonResponse(200, { message: 'Rata incassata.', enrolment: camp });
    renderAt(<MemberEnrolments userId={12} />, { url: '/admin/users' });
    const row = await screen.findByRole('listitem', { name: 'Iscrizione Minivolley' });
    const overdue = within(row).getByText(/Rata scaduta il 07\/06\/2027/);
    expect(overdue.className).toContain('text-rose-700');
    expect(within(row).getByText(/Rata 1: 30,00\s€ · pagata/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /Incassa rata 70,00/ }));
    expect(await screen.findByText('Rata incassata.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/enrolments/4/collect')).toEqual([{ method: 'cash', seq: 2 }]);
  });
});
