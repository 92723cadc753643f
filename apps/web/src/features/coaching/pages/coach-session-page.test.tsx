import type { TCoachSessionDetail, TSessionParticipant } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import CoachSessionPage from './coach-session-page';

const person = (enrolmentId: number, overrides: Partial<TSessionParticipant> = {}): TSessionParticipant => ({
  enrolment_id: enrolmentId, kind: 'course', name: `Persona ${enrolmentId}`, is_child: false, age: 30, certificate: 'valid', phone: '+39 333 1234567',
  health_notes: null, pickup_people: null, present: null, note: null, payment_pending: false, ...overrides,
});

const detail = (participants: TSessionParticipant[]): TCoachSessionDetail => ({
  session: {
    id: 7, course: { id: 1, name: 'Minivolley', level: null }, coach_name: 'Carla Coach', starts_at: new Date().toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(), cancelled: false, courts: ['D1'], participants: participants.length, recorded: 0, present: 0,
  },
  participants,
});

// The camera stands in as a button that "reads" a card's QR address.
vi.mock('../../check-ins', () => ({
  CameraScanner: ({ onCode }: { onCode: (text: string) => void }) => (
    <button type="button" onClick={() => onCode('https://example.test/verifica-tessera/tok-giulia')}>
      Leggi QR finto
    </button>
  ),
}));

const stub = stubApiForEachTest('coach');
const { handlers, bodiesOf } = stub;
const open = () => renderAt(<CoachSessionPage />, { url: '/allenatore/lezioni/7', path: '/allenatore/lezioni/:id' });

describe('/allenatore/lezioni/:id', () => {
  it('shows each participant with what the coach must know, the phone to call', async () => {
    handlers['GET /api/coach/sessions/7'] = () =>
      jsonResponse(200, detail([person(1, { name: 'Leo Bianchi', is_child: true, certificate: null, age: 9, health_notes: 'Asma', pickup_people: 'Nonna Rosa' }), person(2, { certificate: 'expired' })]));
    open();
    const leo = await screen.findByRole('listitem', { name: 'Leo Bianchi' });
    expect(leo.textContent).toContain('Asma');
    expect(leo.textContent).toContain('Nonna Rosa');
    expect(within(leo).getByRole('link').getAttribute('href')).toBe('tel:+393331234567');
    expect(within(leo).queryByText(/Certificato/)).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Persona 2' }).textContent).toContain('Certificato: scaduto');
    expect(screen.queryByText('Iscrizione da pagare')).toBeNull();
  });

  it('marks a place held but not yet paid', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1, { payment_pending: true }), person(2)]));
    open();
    const held = await screen.findByRole('listitem', { name: 'Persona 1' });
    expect(within(held).getByText('Iscrizione da pagare')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Persona 2' })).queryByText('Iscrizione da pagare')).toBeNull();
  });

  it('prints the session’s sign-in sheet through the coach’s own route', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1)]));
    handlers['GET /api/coach/sessions/7/sign-in-sheet'] = () => new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    URL.createObjectURL = vi.fn(() => 'blob:foglio');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Foglio presenze' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(stub.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/coach/sessions/7/sign-in-sheet');
  });

  it('says a session out of reach is not found, not that the connection failed', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(404, { message: 'Lezione non trovata.' });
    open();
    expect(await screen.findByText('Lezione non trovata.')).toBeTruthy();
    expect(screen.queryByText('Non è stato possibile caricare la lezione.')).toBeNull();
  });

  it('marks a participant present at the tap, before the answer, and saves it', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1)]));
    let answer: () => void = () => undefined;
    handlers['PUT /api/coach/sessions/7/attendance'] = () => new Promise((resolve) => (answer = () => resolve(jsonResponse(200, person(1, { present: true })))));
    open();
    const card = await screen.findByRole('listitem', { name: 'Persona 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Presente' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Presente' }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(card).getByText('Salvataggio…')).toBeTruthy();
    answer();
    await waitFor(() => expect(within(card).queryByText('Salvataggio…')).toBeNull());
    await waitFor(() => expect(bodiesOf('PUT /api/coach/sessions/7/attendance')).toEqual([{ enrolment_id: 1, present: true, note: '' }]));
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Presenti 1 su 1', 'Salvato']));
  });

  it('saves a note on Enter, without leaving the field, and says "Salvato"', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1, { present: false })]));
    handlers['PUT /api/coach/sessions/7/attendance'] = () => jsonResponse(200, person(1, { present: false, note: 'Febbre' }));
    open();
    const card = await screen.findByRole('listitem', { name: 'Persona 1' });
    const note = within(card).getByLabelText('Nota');
    fireEvent.change(note, { target: { value: 'Febbre ' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    await waitFor(() => expect(bodiesOf('PUT /api/coach/sessions/7/attendance')).toEqual([{ enrolment_id: 1, present: false, note: 'Febbre' }]));
    expect((await within(card).findByText('Salvato')).getAttribute('role')).toBe('status');
  });

  it('saves a note typed while the tap is on its way after the tap, never before it', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1)]));
    const answers: (() => void)[] = [];
    handlers['PUT /api/coach/sessions/7/attendance'] = (body) =>
      new Promise((resolve) => answers.push(() => resolve(jsonResponse(200, person(1, { present: false, note: (body as { note: string }).note || null })))));
    open();
    const card = await screen.findByRole('listitem', { name: 'Persona 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Assente' }));
    const note = within(card).getByLabelText('Nota');
    await waitFor(() => expect((note as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(note, { target: { value: 'Febbre' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    // The note waits for the tap's answer: sent together, the tap could reach the server last and empty the note.
    await waitFor(() => expect(answers).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodiesOf('PUT /api/coach/sessions/7/attendance')).toEqual([{ enrolment_id: 1, present: false, note: '' }]);
    answers[0]!();
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    expect(bodiesOf('PUT /api/coach/sessions/7/attendance')).toEqual([{ enrolment_id: 1, present: false, note: '' }, { enrolment_id: 1, present: false, note: 'Febbre' }]);
    expect((await within(card).findByText('Salvato')).getAttribute('role')).toBe('status');
  });

  it('puts a refused tap back and says why', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1, { present: true })]));
    handlers['PUT /api/coach/sessions/7/attendance'] = () => jsonResponse(409, { message: 'La lezione è annullata: non si segnano presenze.' });
    open();
    const card = await screen.findByRole('listitem', { name: 'Persona 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Assente' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('La lezione è annullata');
    expect(within(card).getByRole('button', { name: 'Presente' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Assente' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks the holder of a scanned card present and says who; a refusal is said, and a typed number works too', async () => {
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, detail([person(1, { name: 'Giulia Rossi' }), person(2)]));
    const answers = [
      () => jsonResponse(200, person(1, { name: 'Giulia Rossi', present: true })),
      () => jsonResponse(422, { message: 'Questa tessera non è di un partecipante della lezione.', errors: { code: ['Questa tessera non è di un partecipante della lezione.'] } }),
    ];
    handlers['POST /api/coach/sessions/7/attendance/by-card'] = () => answers.shift()!();
    open();
    const scan = await screen.findByRole('button', { name: 'Scansiona tessera' });
    expect(scan.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(scan);
    fireEvent.click(await screen.findByRole('button', { name: 'Leggi QR finto' }));
    expect(await screen.findByText('Giulia Rossi: presente')).toBeTruthy();
    const giulia = screen.getByRole('listitem', { name: 'Giulia Rossi' });
    expect(within(giulia).getByRole('button', { name: 'Presente' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Presenti 1 su 2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Numero tessera'), { target: { value: 'T2026-00042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Segna presente' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Questa tessera non è di un partecipante della lezione.');
    expect(screen.queryByText('Giulia Rossi: presente')).toBeNull();
    expect(bodiesOf('POST /api/coach/sessions/7/attendance/by-card')).toEqual([{ code: 'https://example.test/verifica-tessera/tok-giulia' }, { code: 'T2026-00042' }]);
  });

  it('offers no scanning before the session’s day', async () => {
    const later = detail([person(1)]);
    later.session.starts_at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    handlers['GET /api/coach/sessions/7'] = () => jsonResponse(200, later);
    open();
    expect(await screen.findByText('Le presenze si segnano dal giorno della lezione.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scansiona tessera' })).toBeNull();
  });
});
