import type { TAssociation } from '@beach/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApi } from '../../../test/test-support';
import AssociationPage from './association-page';

const EMPTY: TAssociation = {
  name: 'Adriatica Beach Arena ASD',
  address: null,
  fiscal_code: null,
  vat_number: null,
  rasd_number: null,
  email: '',
  receipt_signatory: null,
  stamp_duty_on_receipts: false,
  updated_at: '2026-11-23T10:00:00.000Z',
};
const FILLED: TAssociation = { ...EMPTY, address: 'Piazza Marconi 1, 47841 Cattolica (RN)', fiscal_code: '01234567897', email: 'info@adriaticabeach.it', receipt_signatory: 'Mario Rossi, presidente' };

describe('/admin/associazione', () => {
  it('warns while the details a receipt must state are empty, and stops once they are saved', async () => {
    const { bodiesOf } = stubApi({
      'GET /api/admin/association': () => jsonResponse(200, EMPTY),
      'PUT /api/admin/association': () => jsonResponse(200, FILLED),
    });
    renderAt(<AssociationPage />, { url: '/admin/associazione' });
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText(/le ricevute sono emesse senza questi dati/)).toBeTruthy();
    expect(warning.textContent).toContain('Mancano: sede legale, codice fiscale, e-mail, firmatario delle ricevute.');

    await userEvent.type(screen.getByLabelText(/Sede legale/), FILLED.address!);
    await userEvent.type(screen.getByLabelText(/Codice fiscale/), FILLED.fiscal_code!);
    await userEvent.type(screen.getByLabelText(/E-mail/), FILLED.email!);
    await userEvent.type(screen.getByLabelText(/Firmatario delle ricevute/), FILLED.receipt_signatory!);
    await userEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    await screen.findByText('Dati dell’associazione salvati.');
    expect(bodiesOf('PUT /api/admin/association')).toHaveLength(1);
    expect(screen.queryByText(/le ricevute sono emesse senza questi dati/)).toBeNull();
  });

  it('shows no warning when every receipt detail is filled in', async () => {
    stubApi({ 'GET /api/admin/association': () => jsonResponse(200, FILLED) });
    renderAt(<AssociationPage />, { url: '/admin/associazione' });
    await screen.findByRole('form', { name: 'Dati dell’associazione' });
    expect(screen.queryByText(/le ricevute sono emesse senza questi dati/)).toBeNull();
  });
});
