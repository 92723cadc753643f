import { RECONCILIATION_CHECK_LABELS, RECONCILIATION_CHECKS, type TBackupStatus, type TCreditCorrections, type TReconciliation } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import { todayInRome } from '../../../lib/format';
import DashboardPage from './dashboard-page';

const CHECKED_AT = '2026-11-26T03:15:00.000Z'; // 04:15 in Rome

const verdict = (failing: Partial<Record<TReconciliation['checks'][number]['name'], string[]>> = {}): TReconciliation => {
  const checks = RECONCILIATION_CHECKS.map((name) => ({ name, ok: !failing[name], mismatches: failing[name]?.length ?? 0, details: failing[name] ?? [] }));
  return { checked_at: CHECKED_AT, ok: checks.every((check) => check.ok), checks };
};

const corrections = (overrides: Partial<TCreditCorrections> = {}): TCreditCorrections => ({ date: todayInRome(), data: [], added: '0.00', taken: '0.00', ...overrides });

const handlers: PathHandlers = new Map();
let calls: RecordedCall[];

beforeEach(() => {
  handlers.clear();
  calls = [];
  stubApiByPath(handlers, calls);
  handlers.set('GET /api/admin/credit/corrections', () => jsonResponse(200, corrections()));
});

const renderPage = () => renderAt(<DashboardPage />, { url: '/admin' });
const called = (key: string) => calls.filter((call) => call.key === key);

describe('the books’ verification (admins)', () => {
  beforeEach(() => signIn('admin'));

  it('shows a green verdict with its time when every check matches', async () => {
    handlers.set('GET /api/admin/reconciliation', () => jsonResponse(200, verdict()));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Verifica dei conti' });
    await within(card).findByText('Conti verificati il 26/11/2026 alle 04:15: tutto corrisponde.');
  });

  it('lists each failing check with its details in red (said politely: a standing state, not an alert), and runs the verification again with "Verifica ora"', async () => {
    handlers.set('GET /api/admin/reconciliation', () =>
      jsonResponse(200, verdict({ till_by_day: ['25/11/2026, contanti: cassa 120,00 € contro incassi 100,00 €'], refunds_outstanding: ['Rimborso di 10,00 € della ricarica 88 rifiutato', 'Rimborso di 5,00 € in attesa da 2 giorni'] })),
    );
    handlers.set('POST /api/admin/reconciliation', () => jsonResponse(200, { ...verdict(), checked_at: '2026-11-26T09:30:00.000Z' }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Verifica dei conti' });
    const failing = await within(card).findByRole('list', { name: 'Controlli non corrispondenti' });
    const verdictBox = failing.closest('[role]')!;
    expect(verdictBox.getAttribute('role')).toBe('status');
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(verdictBox.textContent).toContain('Verifica dei conti del 26/11/2026 alle 04:15: 2 controlli non corrispondono.');
    const items = within(failing).getAllByRole('listitem').filter((item) => item.parentElement === failing);
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
      `${RECONCILIATION_CHECK_LABELS.till_by_day} (1 discrepanza)`,
      `${RECONCILIATION_CHECK_LABELS.refunds_outstanding} (2 discrepanze)`,
    ]);
    expect(items[0]!.textContent).toContain('25/11/2026, contanti: cassa 120,00 € contro incassi 100,00 €');
    expect(items[1]!.textContent).toContain('Rimborso di 5,00 € in attesa da 2 giorni');

    fireEvent.click(within(card).getByRole('button', { name: 'Verifica ora' }));
    await within(card).findByText('Conti verificati il 26/11/2026 alle 10:30: tutto corrisponde.');
    expect(called('POST /api/admin/reconciliation')).toHaveLength(1);
    expect(within(card).queryByRole('list', { name: 'Controlli non corrispondenti' })).toBeNull();
  });

  it('names Stripe’s first balance transaction the books do not match: its id, what it moved money for, what Stripe says and what the books say', async () => {
    const stripeFailing = verdict({ stripe_clearing: ['Movimento Stripe txn_1 (pagamento ch_1): Stripe 20,00 €, registrati 0,00 €', 'Movimento Stripe txn_2 (rimborso re_2): Stripe -5,00 €, registrati 0,00 €'] });
    const first = { balance_transaction: 'txn_1', source: 'ch_1', category: 'charge', stripe_cents: 2000, ledger_cents: 0 } as const;
    handlers.set('GET /api/admin/reconciliation', () =>
      jsonResponse(200, { ...stripeFailing, checks: stripeFailing.checks.map((check) => (check.name === 'stripe_clearing' ? { ...check, first_mismatch: first } : check)) }),
    );
    renderPage();
    const card = await screen.findByRole('region', { name: 'Verifica dei conti' });
    const mismatch = await within(card).findByRole('group', { name: 'Primo movimento Stripe non corrispondente' });
    const said = Object.fromEntries(within(mismatch).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling!.textContent!.replace(/\u00a0/g, ' ')]));
    expect(said).toEqual({ Movimento: 'txn_1', 'Per il': 'pagamento ch_1', Stripe: '20,00 €', 'Nei conti': '0,00 €' });
    expect(within(card).getByText(`${RECONCILIATION_CHECK_LABELS.stripe_clearing} (2 discrepanze)`)).toBeTruthy();
  });

  it('says when the books were never verified, and shows a refused run in the server’s words, keeping the last verdict', async () => {
    // An admin demoted while the dashboard was open: the API refuses the run.
    const forbidden = 'Non hai i permessi necessari per accedere a questa risorsa.';
    handlers.set('GET /api/admin/reconciliation', () => jsonResponse(200, null));
    handlers.set('POST /api/admin/reconciliation', () => jsonResponse(403, { message: forbidden }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Verifica dei conti' });
    const never = 'I conti non sono ancora stati verificati: la verifica automatica si fa ogni notte.';
    await within(card).findByText(never);
    fireEvent.click(within(card).getByRole('button', { name: 'Verifica ora' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(forbidden);
    expect(within(card).getByText(never)).toBeTruthy();
  });

  it('says a failed run in its own words when the server gives none, keeping the last verdict', async () => {
    handlers.set('GET /api/admin/reconciliation', () => jsonResponse(200, verdict()));
    handlers.set('POST /api/admin/reconciliation', () => jsonResponse(500, { message: 'Errore interno.' }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Verifica dei conti' });
    await within(card).findByText('Conti verificati il 26/11/2026 alle 04:15: tutto corrisponde.');
    fireEvent.click(within(card).getByRole('button', { name: 'Verifica ora' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('La verifica dei conti non è riuscita. Riprova più tardi.');
    expect(within(card).getByText('Conti verificati il 26/11/2026 alle 04:15: tutto corrisponde.')).toBeTruthy();
  });
});

describe('the backups (admins)', () => {
  beforeEach(() => signIn('admin'));
  const LOCATION = '/srv/beach/.data/backups/beach-2026-11-26T02-30-00-000Z';
  const made = { finished_at: '2026-11-26T02:30:41.000Z', bytes: 12_900_000, location: LOCATION }; // 03:30 in Rome
  const showing = async (status: TBackupStatus) => {
    handlers.set('GET /api/admin/backups', () => jsonResponse(200, status));
    renderPage();
    return screen.findByRole('region', { name: 'Backup' });
  };
  const details = (card: HTMLElement) => card.querySelector('dl[aria-label="Ultimo backup riuscito"]')?.textContent;

  it('show the last backup made, its size and folder, in green while recent', async () => {
    const card = await showing({ state: 'recent', last_success: made, last_failure: null });
    const state = await within(card).findByText('Ultimo backup il 26/11/2026 alle 03:30.');
    expect(state.closest('[role]')!.getAttribute('role')).toBe('status');
    expect(details(card)).toBe(`Dimensione12,3 MBCartella${LOCATION}`);
  });

  it('warn when the last backup made is more than 26 hours old, or none was ever made, said politely', async () => {
    const card = await showing({ state: 'stale', last_success: made, last_failure: null });
    const warning = (await within(card).findByText('L’ultimo backup è del 26/11/2026 alle 03:30, più di 26 ore fa.')).closest('[role]')!;
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toContain('Il backup si fa ogni notte alle 3:30');
    expect(details(card)).toContain(LOCATION);
  });

  it('say a backup was never made', async () => {
    const card = await showing({ state: 'stale', last_success: null, last_failure: null });
    await within(card).findByText('Nessun backup è stato ancora fatto.');
    expect(details(card)).toBeUndefined();
  });

  it('show a failed run in red with its reason, and the last backup made', async () => {
    const card = await showing({ state: 'failed', last_success: made, last_failure: { finished_at: '2026-11-27T02:30:05.000Z', error: 'ENOSPC: no space left on device, write' } });
    const failure = (await within(card).findByText('L’ultimo backup, il 27/11/2026 alle 03:30, non è riuscito.')).closest('[role]')!;
    expect(failure.getAttribute('role')).toBe('status');
    expect(failure.textContent).toContain('Motivo: ENOSPC: no space left on device, write');
    expect(failure.textContent).toContain('L’ultimo riuscito è del 26/11/2026 alle 03:30.');
    expect(details(card)).toContain('12,3 MB');
  });

  it('are not asked for by staff', async () => {
    signIn('staff');
    renderPage();
    await screen.findByRole('region', { name: 'Rettifiche del credito di oggi' });
    expect(screen.queryByRole('region', { name: 'Backup' })).toBeNull();
    expect(called('GET /api/admin/backups')).toHaveLength(0);
  });
});

describe('the day’s credit corrections', () => {
  it('are listed for staff, with who, whose credit, the amount, the reason and the totals; staff never ask for the verification', async () => {
    signIn('staff');
    handlers.set('GET /api/admin/credit/corrections', () =>
      jsonResponse(
        200,
        corrections({
          data: [
            { id: 2, member: { id: 40, name: 'Mario Bianchi' }, amount: '-2.50', reason: 'Errore di cassa', by: { id: 3, name: 'Staff Demo' }, created_at: '2026-11-26T10:05:00.000Z' },
            { id: 1, member: { id: 41, name: 'Anna Verdi' }, amount: '15.00', reason: 'Torneo vinto', by: { id: 1, name: 'Admin Demo' }, created_at: '2026-11-26T08:40:00.000Z' },
          ],
          added: '15.00',
          taken: '2.50',
        }),
      ),
    );
    renderPage();
    const card = await screen.findByRole('region', { name: 'Rettifiche del credito di oggi' });
    const table = await within(card).findByRole('table', { name: 'Rettifiche del credito di oggi' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toMatch(/11:05.*Mario Bianchi.*-2,50\s€.*Errore di cassa.*Staff Demo/);
    expect(second!.textContent).toMatch(/09:40.*Anna Verdi.*\+15,00\s€.*Torneo vinto.*Admin Demo/);
    const totals = within(card).getByLabelText('Totali di oggi');
    expect(totals.textContent).toMatch(/Aggiunti\+15,00\s€Tolti-2,50\s€Rettifiche2/);
    expect(called('GET /api/admin/credit/corrections')[0]!.url.searchParams.get('date')).toBe(todayInRome());
    expect(screen.queryByRole('region', { name: 'Verifica dei conti' })).toBeNull();
    expect(called('GET /api/admin/reconciliation')).toHaveLength(0);
  });

  it('say when there are none', async () => {
    signIn('staff');
    renderPage();
    const card = await screen.findByRole('region', { name: 'Rettifiche del credito di oggi' });
    await within(card).findByText('Nessuna rettifica oggi');
    await waitFor(() => expect(called('GET /api/admin/credit/corrections')).toHaveLength(1));
  });
});
