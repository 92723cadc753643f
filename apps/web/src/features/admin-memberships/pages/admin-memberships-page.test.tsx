import { ZStaffMembership, type TBackOfficeMembership, type TBroadcast } from '@beach/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { anAdminMembership, renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import AdminMembershipsPage from './admin-memberships-page';

const handlers: PathHandlers = new Map();
const calls: RecordedCall[] = [];
const listQueries = () => calls.filter((call) => call.key === 'GET /api/admin/memberships').map((call) => Object.fromEntries(call.url.searchParams));
const paged = (rows: TBackOfficeMembership[], { page = 1, total = rows.length } = {}) =>
  jsonResponse(200, { data: rows, current_page: page, last_page: Math.max(1, Math.ceil(total / 15)), total, per_page: 15 });

const PENDING = anAdminMembership(1, { status: 'pending', is_bvu_member: true, bvu_card_code: 'BVU-77' });
const MINE = anAdminMembership(2, { user: { id: 7, first_name: 'Giulia', last_name: 'Rossi', email: 'giulia@esempio.it', phone: null, birth_date: null, role: 'admin' } });
const STAFF_CARD = anAdminMembership(3, { user: { id: 103, first_name: 'Stefano', last_name: 'Banco', email: 'stefano@esempio.it', phone: '333 1234567', birth_date: '1985-06-15', role: 'staff' } });

beforeEach(() => {
  handlers.clear();
  calls.length = 0;
  handlers.set('GET /api/admin/memberships', () => paged([PENDING, MINE, STAFF_CARD], { total: 40 }));
  handlers.set('GET /api/admin/orphaned-memberships', () => jsonResponse(200, { memberships: [PENDING] }));
  stubApiByPath(handlers, calls);
});
afterEach(() => vi.useRealTimers());

const renderPage = () => renderAt(<AdminMembershipsPage />, { url: '/admin/memberships' });
const row = (number: string) => screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(number))!;

describe('as staff (read-only)', () => {
  it('shows the list, the count and the pages, without any admin control', async () => {
    signIn('staff');
    // The server sends staff the cards without economics, payment and file metadata.
    handlers.set('GET /api/admin/memberships', () => paged([PENDING, MINE, STAFF_CARD].map((card) => ZStaffMembership.parse(card)), { total: 40 }));
    renderPage();
    await screen.findByText('Mostra 1 - 15 di 40 tessere');
    expect(screen.getByText('Visualizza tessere')).toBeTruthy();
    expect(screen.getByText('Totale: 40 tessere')).toBeTruthy();
    expect(screen.getByText('Pagina 1 di 3')).toBeTruthy();
    expect(screen.queryByText('Tessere da Attivare')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Ruolo di/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Email Multipla/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Attiva tessera/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Elimina tessera/ })).toBeNull();
    expect(calls.some((call) => call.key === 'GET /api/admin/orphaned-memberships')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Dettagli tessera T2026-00003' }));
    const dialog = screen.getByRole('dialog', { name: 'Tessera T2026-00003' });
    expect(within(dialog).getByRole('region', { name: 'Informazioni utente' }).textContent).toContain('333 1234567');
    expect(within(dialog).getByRole('region', { name: 'Dettagli tessera' })).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Dati economici' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Informazioni pagamento' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Metadati' })).toBeNull();
  });
});

describe('as admin', () => {
  beforeEach(() => signIn('admin'));

  it('shows the orphan banner, the BVU badge, "(Tu)" on one’s own row and the sections of the detail', async () => {
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Tessere da Attivare' });
    expect(banner.textContent).toContain('C’è 1 tessera in attesa');
    expect(banner.textContent).toContain('socio1@esempio.it');
    expect(screen.getByText('Gestisci tessere e ruoli utenti')).toBeTruthy();
    expect(within(row('T2026-00001')).getByText('BVU')).toBeTruthy();
    expect(within(row('T2026-00002')).getByText('(Tu)')).toBeTruthy();
    expect(within(row('T2026-00002')).queryByRole('combobox')).toBeNull();
    expect((within(row('T2026-00003')).getByRole('combobox') as HTMLSelectElement).value).toBe('staff');

    fireEvent.click(screen.getByRole('button', { name: 'Dettagli tessera T2026-00001' }));
    const dialog = screen.getByRole('dialog', { name: 'Tessera T2026-00001' });
    for (const section of ['Informazioni utente', 'Dettagli tessera', 'Tesserato BVU', 'Dati economici', 'Informazioni pagamento', 'Metadati']) {
      expect(within(dialog).getByRole('region', { name: section })).toBeTruthy();
    }
    expect(within(dialog).getByRole('region', { name: 'Tesserato BVU' }).textContent).toContain('BVU-77');
    expect(within(dialog).getByRole('button', { name: 'Attiva tessera' })).toBeTruthy();
  });

  it('activates a pending card after confirmation, once, and says so', async () => {
    let activations = 0;
    handlers.set('POST /api/admin/memberships/1/activate', () => {
      activations++;
      return jsonResponse(200, { message: 'ok', membership: { ...PENDING, status: 'active' } });
    });
    renderPage();
    const activate = await screen.findByRole('button', { name: 'Attiva tessera T2026-00001' });
    fireEvent.click(activate);
    fireEvent.click(activate);
    const dialog = screen.getByRole('dialog', { name: 'Attiva tessera' });
    expect(dialog.textContent).toContain('T2026-00001');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Attiva' })));
    expect(await screen.findByText('Tessera T2026-00001 attivata con successo!')).toBeTruthy();
    expect(activations).toBe(1);
    expect(calls.find((call) => call.key === 'POST /api/admin/memberships/1/activate')!.body).toEqual({ send_email: true });
  });

  it('deletes after a warning that it cannot be undone, and shows the server’s refusal as "Errore: ..."', async () => {
    handlers.set('DELETE /api/admin/memberships/3', () => jsonResponse(409, { message: 'La tessera ha un pagamento in corso.' }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina tessera T2026-00003' }));
    const dialog = screen.getByRole('dialog', { name: 'Elimina tessera' });
    expect(dialog.textContent).toContain('non può essere annullata');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Errore: La tessera ha un pagamento in corso.');
  });

  it('changes a role after a confirmation naming the old and the new role; cancelling keeps it', async () => {
    handlers.set('PUT /api/admin/users/103/role', () => jsonResponse(200, { message: 'Ruolo aggiornato.', user: { id: 103, role: 'admin' } }));
    renderPage();
    await screen.findByText('Mostra 1 - 15 di 40 tessere');
    const select = within(row('T2026-00003')).getByRole('combobox');
    fireEvent.change(select, { target: { value: 'user' } });
    await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Cambia ruolo' })).getByRole('button', { name: 'Annulla' })));
    expect(calls.some((call) => call.key === 'PUT /api/admin/users/103/role')).toBe(false);

    fireEvent.change(select, { target: { value: 'admin' } });
    const dialog = screen.getByRole('dialog', { name: 'Cambia ruolo' });
    expect(dialog.textContent).toContain('da Staff a Admin');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cambia ruolo' })));
    expect(await screen.findByText('Ruolo aggiornato.')).toBeTruthy();
    expect(calls.find((call) => call.key === 'PUT /api/admin/users/103/role')!.body).toEqual({ role: 'admin' });
  });

  it('sends the search 500 ms after typing and filters from page 1, and clears them', async () => {
    renderPage();
    await screen.findByText('Mostra 1 - 15 di 40 tessere');
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(listQueries().at(-1)!.page).toBe('2'));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('Cerca'), { target: { value: 'rossi' } });
    act(() => vi.advanceTimersByTime(400));
    expect(listQueries().some((query) => query.search === 'rossi')).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: 'rossi', page: '1' }));
    vi.useRealTimers();

    fireEvent.change(screen.getByLabelText('BVU'), { target: { value: 'non_bvu' } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: 'rossi', bvu_status: 'non_bvu', page: '1', per_page: '15', sort_by: 'created_at', sort_order: 'desc' }));

    handlers.set('GET /api/admin/memberships', () => paged([]));
    fireEvent.change(screen.getByLabelText('Stato'), { target: { value: 'expired' } });
    expect(await screen.findByText('Nessuna tessera trovata')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancella filtri' }));
    expect(await screen.findByText('Non ci sono ancora tesseramenti nel sistema')).toBeTruthy();
    expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '15', sort_by: 'created_at', sort_order: 'desc' });
  });

  it('shows the screen’s message when the list cannot be loaded', async () => {
    handlers.set('GET /api/admin/memberships', () => jsonResponse(500, { message: 'boom' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText('Si è verificato un errore nel caricamento dei tesseramenti. Riprova più tardi.')).toBeTruthy();
  });

  it('links a Stripe payment from the banner', async () => {
    handlers.set('POST /api/admin/memberships/1/link-stripe-payment', (_url, body) =>
      (body as { stripe_payment_id: string }).stripe_payment_id === 'pi_ok' ? jsonResponse(200, { message: 'ok', membership: PENDING }) : jsonResponse(422, { message: 'Il pagamento non è andato a buon fine.' }),
    );
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Tessere da Attivare' });
    fireEvent.click(within(banner).getByRole('button', { name: /Collega pagamento/ }));
    const dialog = screen.getByRole('dialog', { name: 'Collega pagamento Stripe' });
    expect(within(dialog).getByLabelText(/ID pagamento Stripe/).getAttribute('placeholder')).toMatch(/^pi_/);
    expect(within(dialog).getByLabelText(/Importo/).getAttribute('step')).toBe('0.01');
    fireEvent.change(within(dialog).getByLabelText(/ID pagamento Stripe/), { target: { value: 'pi_ko' } });
    fireEvent.change(within(dialog).getByLabelText(/Importo/), { target: { value: '70' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Collega pagamento' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Errore: Il pagamento non è andato a buon fine.');

    fireEvent.change(within(dialog).getByLabelText(/ID pagamento Stripe/), { target: { value: 'pi_ok' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Collega pagamento' })));
    expect(await screen.findByText('Pagamento collegato con successo!')).toBeTruthy();
    expect(calls.filter((call) => call.key.endsWith('link-stripe-payment')).at(-1)!.body).toEqual({ stripe_payment_id: 'pi_ok', amount: '70' });
  });
});

describe('bulk e-mail', () => {
  const many = Array.from({ length: 12 }, (_, index) => anAdminMembership(10 + index));
  const progress = (overrides: Partial<TBroadcast>): TBroadcast => ({
    id: 9, status: 'sending', success: true, message: 'Invio in corso', total: 12, sent_count: 0, failed_count: 0, duration_minutes: 0, average_rate_per_second: 0,
    mailer_used: 'smtp', aws_ses_stats: { rate_limit_respected: true, total_batches: 1, batch_size: 50 }, failed_emails: [], ...overrides,
  });

  beforeEach(() => {
    signIn('admin');
    handlers.set('GET /api/admin/memberships', () => paged(many));
  });

  it('asks to select a card first', async () => {
    renderPage();
    await screen.findByText('Mostra 1 - 12 di 12 tessere');
    fireEvent.click(screen.getByRole('button', { name: 'Email Multipla (0)' }));
    expect(screen.getByRole('alert').textContent).toBe('Seleziona almeno una tessera per inviare email');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists 10 recipients and the rest, counts them (or falls back to the selection), sends and follows the progress to the final figures', async () => {
    handlers.set('POST /api/admin/broadcast-email/count-recipients', () => jsonResponse(500, { message: 'boom' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const polls = [progress({ sent_count: 6 }), progress({ status: 'completed', message: 'Email inviata a 11 tesserati', sent_count: 11, failed_count: 1, duration_minutes: 0.5, average_rate_per_second: 0.4, failed_emails: [{ email: 'socio21@esempio.it', error: 'Casella inesistente' }] })];
    handlers.set('POST /api/admin/broadcast-email', () => jsonResponse(202, progress({ status: 'queued' })));
    handlers.set('GET /api/admin/broadcast-email/9', () => jsonResponse(200, polls.shift() ?? progress({ status: 'completed' })));
    renderPage();
    await screen.findByText('Mostra 1 - 12 di 12 tessere');
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Seleziona tutte le tessere della pagina' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Email Multipla (12)' }));

    const dialog = screen.getByRole('dialog', { name: 'Email Multipla (12)' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText('... e altri 2 tesserati')).toBeTruthy();
    expect(await within(dialog).findByText('12 tesserati')).toBeTruthy();

    const send = within(dialog).getByRole('button', { name: /Invia email/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Oggetto/), { target: { value: 'Torneo di sabato' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Messaggio/), { target: { value: 'Iscrizioni aperte.' } });
    expect(send.disabled).toBe(false);
    await act(async () => fireEvent.click(send));

    expect(await within(dialog).findByText('Invio in corso...', { selector: 'button' })).toBeTruthy();
    await within(dialog).findByRole('progressbar');
    expect(await within(dialog).findByText('Email inviata a 11 tesserati', {}, { timeout: 10_000 })).toBeTruthy();
    expect(dialog.textContent).toContain('Inviate11');
    expect(dialog.textContent).toContain('Non inviate1');
    expect(dialog.textContent).toContain('Durata30 s');
    expect(dialog.textContent).toContain('socio21@esempio.it: Casella inesistente');
    const sent = calls.find((call) => call.key === 'POST /api/admin/broadcast-email')!.body as { specific_emails: string[]; subject: string };
    expect(sent.specific_emails).toHaveLength(12);
    expect(sent.subject).toBe('Torneo di sabato');
  });
});
