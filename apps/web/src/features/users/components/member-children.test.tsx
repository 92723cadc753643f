import { romeToday, type TChild } from '@beach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { MemberChildren } from './member-children';

const { handlers } = stubApiForEachTest('staff');
// The year in Rome, where the age is counted: the machine's own year is the last one for an hour on New Year's Eve.
const thisYear = Number(romeToday().slice(0, 4));

const child: TChild = {
  id: 3,
  first_name: 'Luca',
  last_name: 'Rossi',
  birth_date: `${thisYear - 9}-01-01`,
  fiscal_code: 'RSSLCU17A10H294X',
  health_notes: 'Allergico alle arachidi.',
  pickup_people: 'Nonna Maria',
  photo_consent: true,
  has_enrolments: false,
  certificate: { state: 'missing', days_left: null, certificates: [] },
  created_at: '2026-06-01T08:00:00.000Z',
};

describe('a member’s children on their page in the back-office', () => {
  it('lists them read-only, health notes and pickup people included', async () => {
    handlers['GET /api/admin/users/12/children'] = () => jsonResponse(200, { data: [child] });
    renderAt(<MemberChildren userId={12} />, { url: '/admin/users' });
    expect(await screen.findByText('Figli (1)')).toBeTruthy();
    const row = screen.getByText('Luca Rossi').closest('li')!;
    expect(row.textContent).toBe(`Luca Rossi · 01/01/${thisYear - 9} (9 anni) · RSSLCU17A10H294X Foto sìNote sulla salute: Allergico alle arachidi.Autorizzati al ritiro: Nonna Maria`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when there are none', async () => {
    handlers['GET /api/admin/users/12/children'] = () => jsonResponse(200, { data: [] });
    renderAt(<MemberChildren userId={12} />, { url: '/admin/users' });
    expect(await screen.findByText('Nessun figlio.')).toBeTruthy();
  });
});
