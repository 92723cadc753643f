import type { TSchoolReport } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import SchoolReportPage from './school-report-page';

const report: TSchoolReport = {
  courses: [
    {
      course_id: 1, name: 'Minivolley', offer: 'course', starts_on: '2027-01-10', ends_on: '2027-05-30', coach: { id: 9, name: 'Bianca Muro' }, participants: 8, single_sessions: 2,
      bands: [], sessions_held: 12, attendance: { present: 80, taken: 96, rate: 0.833 }, received: '960.00', outstanding: '120.00',
    },
    {
      course_id: 2, name: 'Camp settimana 1', offer: 'camp', starts_on: '2027-06-14', ends_on: '2027-06-18', coach: { id: 9, name: 'Bianca Muro' }, participants: 3, single_sessions: 0,
      bands: [{ min_age: 6, max_age: 9, participants: 2, capacity: 10 }, { min_age: 10, max_age: 13, participants: 1, capacity: 10 }], sessions_held: 0, attendance: { present: 0, taken: 0, rate: null }, received: '150.00', outstanding: '300.00',
    },
  ],
  coaches: [{ coach: { id: 9, name: 'Bianca Muro' }, courses: 2, participants: 11, sessions_held: 12, attendance: { present: 80, taken: 96, rate: 0.833 }, received: '1110.00', outstanding: '420.00' }],
};

let calls: RecordedCall[];
const handlers: PathHandlers = new Map();

beforeEach(() => {
  calls = [];
  handlers.clear();
  stubApiByPath(handlers, calls);
  handlers.set('GET /api/admin/school/report', (url) => jsonResponse(200, url.searchParams.get('offer') === 'camp' ? { courses: [report.courses[1]], coaches: report.coaches } : report));
  handlers.set('GET /api/admin/course-coaches', () => jsonResponse(200, { data: [{ id: 9, name: 'Bianca Muro' }] }));
  signIn('staff');
});

describe('/admin/scuola/report', () => {
  it('shows each course with its places, bands, attendance and money, the coach totals, and filters by offer', async () => {
    renderAt(<SchoolReportPage />, { url: '/admin/scuola/report' });
    const courses = within(await screen.findByRole('table', { name: 'Report per corso' }));
    expect((await courses.findByText('Minivolley')).closest('tr')!.textContent).toMatch(/8 \+ 2 lezioni singole\/prove.*12.*83,3%\s\(80\/96\).*960,00\s€.*120,00\s€/);
    expect(courses.getByText('Camp settimana 1').closest('tr')!.textContent).toContain('6–9 anni: 2/10 · 10–13 anni: 1/10');
    expect(within(screen.getByRole('table', { name: 'Totali per allenatore' })).getByText('Bianca Muro').closest('tr')!.textContent).toMatch(/1110,00\s€|1\.110,00\s€/);

    fireEvent.change(screen.getByLabelText('Offerta'), { target: { value: 'camp' } });
    await waitFor(() => expect(courses.queryByText('Minivolley')).toBeNull());
    expect(calls.at(-1)!.url.searchParams.get('offer')).toBe('camp');
  });
});
