import { addDays, type TCoachSession } from '@beach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import { todayInRome } from '../../../lib/format';
import CoachSessionsPage from './coach-sessions-page';

const session = (id: number, coachName: string): TCoachSession => ({
  id, course: { id, name: `Corso ${id}`, level: null }, coach_name: coachName, starts_at: new Date().toISOString(),
  ends_at: new Date(Date.now() + 3_600_000).toISOString(), cancelled: false, courts: ['D1'], participants: 4, recorded: 1, present: 1,
});

let calls: RecordedCall[];
const handlers: PathHandlers = new Map();

beforeEach(() => {
  calls = [];
  handlers.clear();
  stubApiByPath(handlers, calls);
  handlers.set('GET /api/coach/sessions', (url) => jsonResponse(200, { data: url.searchParams.get('coach_id') === '9' ? [session(2, 'Bianca Muro')] : [session(1, 'Andrea Schiaccia'), session(2, 'Bianca Muro')] }));
  handlers.set('GET /api/admin/course-coaches', () => jsonResponse(200, { data: [{ id: 9, name: 'Bianca Muro' }] }));
});

const open = () => renderAt(<CoachSessionsPage />, { url: '/allenatore' });

describe('/allenatore', () => {
  it('lists a coach’s sessions of today with how much attendance is taken, without a coach picker', async () => {
    signIn('coach');
    open();
    expect((await screen.findByRole('link', { name: /Corso 1/ })).getAttribute('href')).toBe('/allenatore/lezioni/1');
    expect(screen.getByRole('link', { name: /Corso 1/ }).textContent).toContain('Presenti 1 su 4');
    expect(screen.queryByLabelText('Allenatore')).toBeNull();
    expect(calls.some((call) => call.key === 'GET /api/admin/course-coaches')).toBe(false);
  });

  it('lets staff pick one coach', async () => {
    signIn('staff');
    open();
    await screen.findByRole('link', { name: /Corso 1/ });
    await screen.findByRole('option', { name: 'Bianca Muro' });
    fireEvent.change(screen.getByLabelText('Allenatore'), { target: { value: '9' } });
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('coach_id') === '9')).toBe(true));
    await screen.findByRole('link', { name: /Corso 2/ });
    expect(screen.queryByRole('link', { name: /Corso 1/ })).toBeNull();
  });

  it('lists the past two weeks, latest first, to fill in a late attendance', async () => {
    signIn('coach');
    const today = todayInRome();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    handlers.set('GET /api/coach/sessions', (url) =>
      jsonResponse(200, {
        data: url.searchParams.get('from')! < today ? [{ ...session(3, 'Andrea Schiaccia'), starts_at: daysAgo(9) }, { ...session(4, 'Andrea Schiaccia'), starts_at: daysAgo(2) }] : [session(1, 'Andrea Schiaccia')],
      }),
    );
    open();
    await screen.findByRole('link', { name: /Corso 1/ });
    fireEvent.click(screen.getByRole('button', { name: 'Passate' }));
    await screen.findByRole('link', { name: /Corso 4/ });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/allenatore/lezioni/4', '/allenatore/lezioni/3']);
    const asked = calls.filter((call) => call.key === 'GET /api/coach/sessions').at(-1)!.url.searchParams;
    expect([asked.get('from'), asked.get('to')]).toEqual([addDays(today, -14), addDays(today, -1)]);
  });
});
