import type { TCertificateListRow } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import AdminCertificatesPage from './admin-certificates-page';

const row = (overrides: Partial<TCertificateListRow>): TCertificateListRow => ({
  user_id: 5, child_id: null, parent_name: null, first_name: 'Bruno', last_name: 'Padre', email: 'bruno@esempio.it', state: 'missing',
  awaiting_verification: false, kind: null, expiry_date: null, certificate_id: null, file_type: null, ...overrides,
});
const rows = [
  row({}),
  row({ child_id: 8, parent_name: 'Bruno Padre', first_name: 'Greta', last_name: 'Certi', state: 'to_verify', awaiting_verification: true, kind: 'non_agonistico', expiry_date: '2027-11-30', certificate_id: 41, file_type: 'application/pdf' }),
];

let calls: RecordedCall[];
const handlers: PathHandlers = new Map();

beforeEach(() => {
  calls = [];
  handlers.clear();
  stubApiByPath(handlers, calls);
  handlers.set('GET /api/admin/certificates', () => jsonResponse(200, { data: rows, current_page: 1, last_page: 1, total: 2, per_page: 25 }));
  handlers.set('GET /api/admin/certificates/settings', () => jsonResponse(200, { require_valid_certificate: true }));
  handlers.set('POST /api/admin/certificates/41/verify', () => jsonResponse(200, { message: 'Certificato verificato.', status: { state: 'valid', days_left: 300, certificates: [] } }));
  signIn('staff');
});

describe('/admin/certificati', () => {
  it('lists a child’s certificate with the parent’s name, verified from its row; a member’s row keeps the member’s page', async () => {
    renderAt(<AdminCertificatesPage />, { url: '/admin/certificati' });
    const greta = within((await screen.findByText('Certi Greta')).closest('tr')!);
    expect(greta.getByText('figlio/a di Bruno Padre')).toBeTruthy();
    const bruno = within(screen.getByText('Padre Bruno').closest('tr')!);
    expect(bruno.queryByRole('button', { name: 'Verifica' })).toBeNull();
    expect(greta.getByRole('button', { name: 'Rifiuta' })).toBeTruthy();
    fireEvent.click(greta.getByRole('button', { name: 'Verifica' }));
    await waitFor(() => expect(calls.map((call) => call.key)).toContain('POST /api/admin/certificates/41/verify'));
    expect(await screen.findByText('Certificato verificato.')).toBeTruthy();
  });
});
