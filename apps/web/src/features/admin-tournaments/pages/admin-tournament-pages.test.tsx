import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { aTournament, C1, match } from '../test-tournament';
import AdminTournamentPage from './admin-tournament-page';
import AdminTournamentsPage from './admin-tournaments-page';

const { handlers } = stubApiForEachTest('admin');

describe('the tournaments pages', () => {
  it('lists the tournaments with their state, each row opening its board', async () => {
    handlers['GET /api/admin/tournaments'] = () => jsonResponse(200, { data: [aTournament(), aTournament({ id: 6, name: 'Under 16', category: 'under', under_age: 16, status: 'draft', entries_taken: 0 })] });
    renderAt(<AdminTournamentsPage />, { url: '/admin/tornei' });
    const table = await screen.findByRole('table', { name: 'Tornei' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Beach volley · Misto');
    expect(rows[0]!.textContent).toContain('4/8');
    expect(rows[0]!.textContent).toContain('Pubblicato');
    expect(rows[1]!.textContent).toContain('Under 16');
    expect(rows[1]!.textContent).toContain('Bozza');
    expect(within(rows[1]!).getByRole('link', { name: 'Under 16' }).getAttribute('href')).toBe('/admin/tornei/6');
    expect(screen.getByRole('button', { name: 'Nuovo torneo' })).toBeTruthy();
  });

  it('opens the board on the entries and switches tab', async () => {
    handlers['GET /api/admin/tournaments/5'] = () => jsonResponse(200, aTournament({ status: 'drawn', matches: [match('P1', { court: C1, starts_at: '2027-06-12T07:00:00.000Z', ends_at: '2027-06-12T07:40:00.000Z' }), match('F1', { phase: 'final', pool: null })] }));
    renderAt(<AdminTournamentPage />, { url: '/admin/tornei/5', path: '/admin/tornei/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: /Torneo d’estate/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Iscritti', selected: true })).toBeTruthy();
    // After the draw the settings no longer change.
    expect(screen.queryByRole('button', { name: 'Modifica' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salva teste di serie' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Programma' }));
    expect(screen.getByRole('region', { name: 'Tabellone dei campi' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sorteggio' }));
    expect(screen.queryByRole('button', { name: 'Sorteggia' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Tabellone' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Finale' })).getByText('Rossi / Bianchi')).toBeTruthy();
  });
});
