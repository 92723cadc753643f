import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { CreditSettingsSection } from './credit-settings-section';

const { handlers, bodiesOf } = stubApiForEachTest('admin');

beforeEach(() => {
  handlers['GET /api/admin/credit/settings'] = () => jsonResponse(200, { top_up_min: '10.00', top_up_max: '200.00', correction_limit: '20.00', confirm_above: '200.00' });
});

describe('Ricariche del credito', () => {
  it('shows a maximum below the minimum under "Massimo" and sends nothing, then saves valid limits', async () => {
    handlers['PUT /api/admin/credit/settings'] = () => jsonResponse(200, { top_up_min: '5.00', top_up_max: '50.00', correction_limit: '20.00', confirm_above: '200.00' });
    const notify = vi.fn();
    renderAt(<CreditSettingsSection notify={notify} />, { url: '/admin/listino-prezzi' });
    const min = await screen.findByLabelText(/^Minimo/);
    const max = screen.getByLabelText(/^Massimo/);
    fireEvent.change(min, { target: { value: '50' } });
    fireEvent.change(max, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva limiti' }));
    const error = await screen.findByText('Il massimo non può essere inferiore al minimo.');
    expect(max.getAttribute('aria-describedby')).toContain(error.id);
    expect(bodiesOf('PUT /api/admin/credit/settings')).toHaveLength(0);
    fireEvent.change(min, { target: { value: '5' } });
    fireEvent.change(max, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva limiti' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Limiti delle ricariche salvati.'));
    expect(bodiesOf('PUT /api/admin/credit/settings')).toEqual([{ top_up_min: '5', top_up_max: '50', correction_limit: '20,00', confirm_above: '200,00' }]);
  });

  it('sets the largest correction staff may add without an admin, at most 1.000,00 €', async () => {
    handlers['PUT /api/admin/credit/settings'] = () => jsonResponse(200, { top_up_min: '10.00', top_up_max: '200.00', correction_limit: '50.00', confirm_above: '200.00' });
    const notify = vi.fn();
    renderAt(<CreditSettingsSection notify={notify} />, { url: '/admin/listino-prezzi' });
    const limit = await screen.findByLabelText(/^Rettifiche: massimo senza amministratore/);
    expect((limit as HTMLInputElement).value).toBe('20,00');
    fireEvent.change(limit, { target: { value: '1000,01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva limiti' }));
    const error = await screen.findByText('Il limite delle rettifiche può essere al massimo di 1.000,00 €.');
    expect(limit.getAttribute('aria-describedby')).toContain(error.id);
    expect(bodiesOf('PUT /api/admin/credit/settings')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva limiti' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Limiti delle ricariche salvati.'));
    expect(bodiesOf('PUT /api/admin/credit/settings')).toEqual([{ top_up_min: '10,00', top_up_max: '200,00', correction_limit: '50', confirm_above: '200,00' }]);
  });
});
