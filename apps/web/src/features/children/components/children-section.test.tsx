import type { TCertificate, TChild } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { ChildrenSection } from './children-section';

const api = stubApiForEachTest('user');
const { handlers, bodiesOf } = api;
const thisYear = new Date().getFullYear();

const aChild = (id: number, overrides: Partial<TChild> = {}): TChild => ({
  id,
  first_name: 'Luca',
  last_name: 'Rossi',
  birth_date: `${thisYear - 9}-01-10`,
  fiscal_code: null,
  health_notes: 'Allergico alle arachidi.',
  pickup_people: 'Nonna Maria',
  photo_consent: false,
  has_enrolments: false,
  certificate: { state: 'missing', days_left: null, certificates: [] },
  created_at: '2026-06-01T08:00:00.000Z',
  ...overrides,
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const aCertificate = (id: number, expiry: string, verified: boolean): TCertificate => ({
  id, child_id: 7, kind: 'non_agonistico', issued_by: 'Dott. Verdi', issue_date: isoDay(-30), expiry_date: expiry, has_file: true, file_type: 'application/pdf',
  verified_at: verified ? '2026-06-01T08:00:00.000Z' : null, rejected_at: null, rejection_reason: null, created_at: '2026-06-01T08:00:00.000Z',
});

const renderSection = () => renderAt(<ChildrenSection />, { url: '/profilo' });

describe('I miei figli', () => {
  it('says there are none, then adds one once the parent has declared they are the parent or guardian', async () => {
    let children: TChild[] = [];
    handlers['GET /api/me/children'] = () => jsonResponse(200, { data: children });
    handlers['POST /api/me/children'] = (body) => {
      children = [aChild(7, body as Partial<TChild>)];
      return jsonResponse(201, children[0]);
    };
    renderSection();
    await screen.findByText('Nessun figlio sul tuo account. Aggiungili per iscriverli ai corsi della scuola.');

    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi un figlio' }));
    const form = within(screen.getByRole('dialog'));
    fireEvent.change(form.getByLabelText(/^Nome/), { target: { value: 'Luca' } });
    fireEvent.change(form.getByLabelText(/^Cognome/), { target: { value: 'Rossi' } });
    fireEvent.change(form.getByLabelText(/^Data di nascita/), { target: { value: `${thisYear - 9}-01-10` } });
    fireEvent.change(form.getByLabelText(/^Note sulla salute/), { target: { value: 'Allergico alle arachidi.' } });
    fireEvent.click(form.getByRole('button', { name: 'Salva' }));
    expect(await form.findByText('Conferma di essere il genitore o tutore e di accettare l’informativa sulla privacy per conto del minore.')).toBeTruthy();
    expect(bodiesOf('POST /api/me/children')).toEqual([]);

    fireEvent.click(form.getByLabelText(/Dichiaro di essere il genitore o tutore/));
    fireEvent.click(form.getByRole('button', { name: 'Salva' }));
    await screen.findByText('Abbiamo aggiunto Luca al tuo account.');
    expect(bodiesOf('POST /api/me/children')).toEqual([
      { first_name: 'Luca', last_name: 'Rossi', birth_date: `${thisYear - 9}-01-10`, fiscal_code: '', health_notes: 'Allergico alle arachidi.', pickup_people: '', photo_consent: false, guardian_consent: true },
    ]);
    expect(await screen.findByText('Luca Rossi')).toBeTruthy();
  });

  it('edits a child without asking the declaration again, and removes one after a confirmation', async () => {
    handlers['GET /api/me/children'] = () => jsonResponse(200, { data: [aChild(7), aChild(8, { first_name: 'Anna', has_enrolments: true })] });
    handlers['PUT /api/me/children/7'] = (body) => jsonResponse(200, aChild(7, body as Partial<TChild>));
    handlers['DELETE /api/me/children/7'] = () => jsonResponse(200, { message: 'Figlio tolto dal tuo account.' });
    renderSection();
    const luca = within((await screen.findByText('Luca Rossi')).closest('li')!);
    const anna = within(screen.getByText('Anna Rossi').closest('li')!);
    // Enrolled in a course: the accounts need the child, so there is nothing to remove.
    expect(anna.queryByRole('button', { name: 'Togli' })).toBeNull();
    expect(anna.getByText('Iscritto a un corso: non si può togliere dall’account.')).toBeTruthy();

    fireEvent.click(luca.getByRole('button', { name: 'Modifica' }));
    const form = within(screen.getByRole('dialog'));
    expect(form.queryByLabelText(/Dichiaro/)).toBeNull();
    fireEvent.click(form.getByLabelText(/Acconsento a foto e video/));
    fireEvent.click(form.getByRole('button', { name: 'Salva' }));
    await screen.findByText('Dati di Luca aggiornati.');
    expect(bodiesOf('PUT /api/me/children/7')).toEqual([
      { first_name: 'Luca', last_name: 'Rossi', birth_date: `${thisYear - 9}-01-10`, fiscal_code: '', health_notes: 'Allergico alle arachidi.', pickup_people: 'Nonna Maria', photo_consent: true },
    ]);

    fireEvent.click(luca.getByRole('button', { name: 'Togli' }));
    const question = within(await screen.findByRole('dialog', { name: 'Togliere Luca Rossi?' }));
    fireEvent.click(question.getByRole('button', { name: 'Togli' }));
    await screen.findByText('Figlio tolto dal tuo account.');
    expect(bodiesOf('DELETE /api/me/children/7')).toHaveLength(1);
  });

  it('shows each child’s certificate state, and uploads one for the child chosen with the member’s form', async () => {
    const expiry = isoDay(200);
    let luca = aChild(7);
    handlers['GET /api/me/children'] = () =>
      jsonResponse(200, { data: [luca, aChild(8, { first_name: 'Anna', certificate: { state: 'valid', days_left: 200, certificates: [aCertificate(3, expiry, true)] } })] });
    handlers['POST /api/me/children/7/certificates'] = () => {
      luca = aChild(7, { certificate: { state: 'to_verify', days_left: null, certificates: [aCertificate(4, expiry, false)] } });
      return jsonResponse(201, { message: 'Certificato caricato: la segreteria lo verificherà a breve.', status: luca.certificate });
    };
    renderSection();
    const anna = within(await screen.findByRole('group', { name: 'Certificato medico di Anna' }));
    expect(anna.getByText('Valido')).toBeTruthy();
    expect(anna.getByText(/^Valido fino al /)).toBeTruthy();
    const lucaCertificate = within(screen.getByRole('group', { name: 'Certificato medico di Luca' }));
    expect(lucaCertificate.getByText('Mancante')).toBeTruthy();
    expect(lucaCertificate.getByText('Non abbiamo ancora il certificato medico di Luca: serve per iscriverlo ai corsi che lo richiedono.')).toBeTruthy();

    fireEvent.click(lucaCertificate.getByRole('button', { name: 'Carica certificato' }));
    fireEvent.change(lucaCertificate.getByLabelText(/^Medico o centro/), { target: { value: 'Dott. Verdi' } });
    fireEvent.change(lucaCertificate.getByLabelText(/^Data di rilascio/), { target: { value: isoDay(-30) } });
    fireEvent.change(lucaCertificate.getByLabelText(/^Data di scadenza/), { target: { value: expiry } });
    fireEvent.change(lucaCertificate.getByLabelText(/^File del certificato/), { target: { files: [new File(['%PDF-1.4'], 'certificato.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(lucaCertificate.getByRole('button', { name: 'Carica certificato' }));
    await lucaCertificate.findByText('Certificato caricato: la segreteria lo verificherà a breve.');
    const [, init] = api.fetchMock.mock.calls.find(([url, request]) => String(url) === '/api/me/children/7/certificates' && request?.method === 'POST')!;
    const sent = init!.body as FormData;
    expect([sent.get('kind'), sent.get('issued_by'), sent.get('expiry_date'), (sent.get('file') as File).name]).toEqual(['non_agonistico', 'Dott. Verdi', expiry, 'certificato.pdf']);
    expect(await lucaCertificate.findByText('Il certificato che hai caricato è in attesa di verifica da parte della segreteria.')).toBeTruthy();
  });

  it('speaks German', async () => {
    await loadParts(i18n, 'de', ['shell', 'member', 'contracts']);
    i18n.activate('de');
    handlers['GET /api/me/children'] = () => jsonResponse(200, { data: [] });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Meine Kinder' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kind hinzufügen' })).toBeTruthy());
    i18n.activate('it');
  });

  it('offers an enrolled child’s yearly statement, with a choice of year when there are payments in several', async () => {
    handlers['GET /api/me/children'] = () => jsonResponse(200, { data: [aChild(7), aChild(8, { first_name: 'Anna', has_enrolments: true })] });
    handlers['GET /api/me/children/8/statement-years'] = () => jsonResponse(200, { years: [2027, 2026] });
    handlers['GET /api/me/children/8/statement?year=2026'] = () => new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    renderSection();
    fireEvent.change(await screen.findByLabelText('Anno'), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dichiarazione annuale 2026' }));
    await waitFor(() => expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/me/children/8/statement?year=2026'));
    // Only an enrolled child has a statement to ask for.
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/me/children/7/statement-years');
  });
});
