import type { TEnrolment } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../test/test-support';
import { MemberEnrolments } from './member-enrolments';

const enrolment = (overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id: 4, course: { id: 7, name: 'Minivolley' }, participant: { child_id: 3, name: 'Tommaso Rossi' }, kind: 'course', session_starts_at: null,
  amount: '60.00', owed: '60.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z', ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('staff');

describe('the desk’s enrolments of a member', () => {
  it('collects a pending enrolment by the method chosen and shows the answer', async () => {
    let paid = false;
    handlers['GET /api/admin/users/12/enrolments'] = () => jsonResponse(200, { data: [enrolment(paid ? { status: 'confirmed', owed: '0.00' } : {})] });
    handlers['POST /api/admin/enrolments/4/collect'] = () => {
      paid = true;
      return jsonResponse(200, { message: 'Iscrizione incassata e confermata.', enrolment: enrolment({ status: 'confirmed', owed: '0.00' }) });
    };
    renderAt(<MemberEnrolments userId={12} />, { url: '/admin/users' });
    const row = await screen.findByRole('listitem', { name: 'Iscrizione Minivolley' });
    expect(row.textContent).toContain('Tommaso Rossi · Tutto il corso');
    fireEvent.change(within(row).getByLabelText('Pagato con'), { target: { value: 'card' } });
    fireEvent.click(within(row).getByRole('button', { name: /Incassa 60,00/ }));
    expect(await screen.findByText('Iscrizione incassata e confermata.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/enrolments/4/collect')).toEqual([{ method: 'card' }]);
    await within(await screen.findByRole('listitem', { name: 'Iscrizione Minivolley' })).findByText(/Confermata/);
    expect(screen.queryByRole('button', { name: /Incassa/ })).toBeNull();
  });
});
