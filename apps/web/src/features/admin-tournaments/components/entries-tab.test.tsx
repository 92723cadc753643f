import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament, entry, player } from '../test-tournament';
import { EntriesTab } from './entries-tab';

const { handlers, bodiesOf } = stubApiForEachTest('admin');

const seedNames = () => [...screen.getByRole('list', { name: 'Teste di serie' }).children].map((item) => item.querySelector('p')!.textContent!.trim());

describe('the entries tab', () => {
  it('shows what each player paid or owes, and the waiting pairs apart', () => {
    const tournament = aTournament({
      admin_entries: [
        entry(1, ['Rossi', 'Bianchi']),
        entry(2, ['Verdi', 'Neri'], { status: 'pending', players: [player(20, 'Verdi'), player(21, 'Neri', false, '15.00')] }),
        entry(4, ['Gialli', 'Blu'], { status: 'waiting', seed: null }),
      ],
    });
    renderAt(<EntriesTab tournament={tournament} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(seedNames()).toEqual(['Rossi / Bianchi', 'Verdi / Neri In attesa di pagamento']);
    expect(screen.getAllByText('Pagato')).toHaveLength(5);
    expect(screen.getByText('Da pagare 15,00 €')).toBeTruthy();
    expect(screen.getByText('In lista d’attesa')).toBeTruthy();
  });

  it('reorders the seeds with the up and down buttons, the focus following the pair, and saves the order', async () => {
    handlers['PUT /api/admin/tournaments/5/seeds'] = () => jsonResponse(200, { message: 'Teste di serie salvate.', tournament: aTournament({ live_version: 2 }) });
    const notify = vi.fn();
    renderAt(<EntriesTab tournament={aTournament()} notify={notify} />, { url: '/admin/tornei/5' });
    const save = screen.getByRole('button', { name: 'Salva teste di serie' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Sposta su Rossi / Bianchi' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Sposta su Gialli / Blu' }));
    expect(seedNames()).toEqual(['Rossi / Bianchi', 'Gialli / Blu', 'Verdi / Neri']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sposta su Gialli / Blu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sposta su Gialli / Blu' }));
    expect(seedNames()).toEqual(['Gialli / Blu', 'Rossi / Bianchi', 'Verdi / Neri']);
    // At the top "up" is disabled: the focus moves to the pair's "down".
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sposta giù Gialli / Blu' }));

    fireEvent.click(save);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Teste di serie salvate.'));
    expect(bodiesOf('PUT /api/admin/tournaments/5/seeds')).toEqual([{ entry_ids: [3, 1, 2] }]);
  });

  it('cancels the tournament after saying that every paid part goes back', async () => {
    handlers['POST /api/admin/tournaments/5/cancel'] = () => jsonResponse(200, { message: 'Torneo annullato.', tournament: aTournament({ status: 'cancelled' }) });
    const notify = vi.fn();
    renderAt(<EntriesTab tournament={aTournament()} notify={notify} />, { url: '/admin/tornei/5' });
    expect(screen.queryByRole('button', { name: 'Pubblica' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Annulla torneo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annulla il torneo' });
    expect(dialog.textContent).toContain('Ogni quota pagata torna a chi l’ha pagata');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla torneo' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Torneo annullato.'));
    expect(bodiesOf('POST /api/admin/tournaments/5/cancel')).toHaveLength(1);
  });

  it('collects one player’s part at the desk with the method chosen, and every part of a pending pair at once', async () => {
    const pending = entry(2, ['Verdi', 'Neri'], { status: 'pending', players: [player(20, 'Verdi', false, '15.00'), player(21, 'Neri', false, '15.00')] });
    const open = aTournament({ registration_open: true, admin_entries: [entry(1, ['Rossi', 'Bianchi']), pending] });
    handlers['POST /api/admin/tournament-players/21/collect'] = () => jsonResponse(200, { message: 'Quota incassata.', tournament: open });
    handlers['POST /api/admin/tournament-entries/2/collect'] = () => jsonResponse(200, { message: 'Quote incassate: la coppia è confermata.', tournament: open });
    const notify = vi.fn();
    renderAt(<EntriesTab tournament={open} notify={notify} />, { url: '/admin/tornei/5' });
    expect(screen.getAllByRole('button', { name: /^Incassa / })).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Incassa Neri' }));
    const form = screen.getByRole('group', { name: 'Incasso: Neri' });
    fireEvent.change(within(form).getByLabelText('Pagato con'), { target: { value: 'bank_transfer' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Conferma incasso 15,00/ }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Quota incassata.'));
    expect(bodiesOf('POST /api/admin/tournament-players/21/collect')).toEqual([{ method: 'bank_transfer' }]);
    expect(screen.queryByRole('group', { name: 'Incasso: Neri' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Incassa tutto Verdi / Neri' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Incasso: Verdi / Neri' })).getByRole('button', { name: /^Conferma incasso 30,00/ }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Quote incassate: la coppia è confermata.'));
    expect(bodiesOf('POST /api/admin/tournament-entries/2/collect')).toEqual([{ method: 'cash' }]);
  });

  it('offers no collecting for a guest without an account: their part could not be given back', () => {
    const withGuest = entry(3, ['Verdi', 'Ospite invitato'], { status: 'pending', players: [player(30, 'Verdi', false, '15.00'), { ...player(31, 'Ospite invitato', false, '15.00'), user_id: null }] });
    renderAt(<EntriesTab tournament={aTournament({ registration_open: true, admin_entries: [withGuest] })} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.getAllByRole('button', { name: /^Incassa/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Incassa Verdi']);
    expect(screen.getByText('paga dopo essersi registrato')).toBeTruthy();
  });

  it('offers no collecting once the registration is closed', () => {
    const pending = entry(2, ['Verdi', 'Neri'], { status: 'pending', players: [player(20, 'Verdi', false, '15.00'), player(21, 'Neri')] });
    renderAt(<EntriesTab tournament={aTournament({ admin_entries: [pending] })} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.queryByRole('button', { name: /^Incassa/ })).toBeNull();
  });

  it('withdraws a pair after saying that every paid part goes back, and not after the draw', async () => {
    handlers['POST /api/admin/tournament-entries/4/withdraw'] = () => jsonResponse(200, { message: 'Coppia ritirata.', tournament: aTournament() });
    const notify = vi.fn();
    const tournament = aTournament({ admin_entries: [entry(1, ['Rossi', 'Bianchi']), entry(4, ['Gialli', 'Blu'], { status: 'waiting', seed: null })] });
    const { unmount } = renderAt(<EntriesTab tournament={tournament} notify={notify} />, { url: '/admin/tornei/5' });
    expect(screen.getByRole('button', { name: 'Ritira Rossi / Bianchi' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ritira Gialli / Blu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ritira la coppia' });
    expect(dialog.textContent).toContain('Gialli / Blu lascia il torneo. Ogni quota pagata torna a chi l’ha pagata');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ritira' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Coppia ritirata.'));
    expect(bodiesOf('POST /api/admin/tournament-entries/4/withdraw')).toHaveLength(1);
    unmount();

    renderAt(<EntriesTab tournament={{ ...tournament, status: 'drawn' }} notify={vi.fn()} />, { url: '/admin/tornei/5' });
    expect(screen.queryByRole('button', { name: /^Ritira/ })).toBeNull();
  });
});
