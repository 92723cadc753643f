import type { TEnrolment } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { MyEnrolmentsSection } from './my-enrolments-section';

const enrolment = (id: number, overrides: Partial<TEnrolment> = {}): TEnrolment => ({
  id, course: { id: 7, name: `Corso ${id}` }, participant: { child_id: null, name: 'Anna Rossi' }, kind: 'course', session_starts_at: null,
  amount: '80.00', owed: '80.00', status: 'pending_payment', hold_expires_at: '2027-06-01T10:15:00.000Z', created_at: '2027-06-01T10:00:00.000Z', ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('user');

describe('Le mie iscrizioni', () => {
  it('shows each enrolment’s status; a pending one is paid with credit or cancelled, a confirmed one has no actions', async () => {
    handlers['GET /api/me/enrolments'] = () => jsonResponse(200, { data: [enrolment(1), enrolment(2, { status: 'confirmed', owed: '0.00' })] });
    handlers['POST /api/me/enrolments/1/pay-with-credit'] = () => jsonResponse(200, { message: 'Iscrizione pagata con il credito e confermata.', enrolment: enrolment(1, { status: 'confirmed', owed: '0.00' }) });
    renderAt(<MyEnrolmentsSection />, { url: '/profilo' });
    const pending = await screen.findByRole('listitem', { name: 'Corso 1' });
    const confirmed = screen.getByRole('listitem', { name: 'Corso 2' });
    expect(within(pending).getByText('Da pagare')).toBeTruthy();
    expect(within(confirmed).getByText('Confermata')).toBeTruthy();
    expect(within(confirmed).queryByRole('button')).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: 'Paga con il credito' }));
    expect(await screen.findByText('Iscrizione pagata con il credito e confermata.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/enrolments/1/pay-with-credit')).toHaveLength(1);
  });
});
