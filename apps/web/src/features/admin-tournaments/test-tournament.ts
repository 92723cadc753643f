// A tournament as the organiser's board reads it, for the feature's tests: a Saturday in June 2027 on
// two courts 09:00–13:00 (Rome, UTC+2), four pairs, and matches given by each test.
import type { TAdminEntry, TAdminTournament, TTournamentMatch } from '@beach/contracts';

export const player = (id: number, name: string, paid = true, owed = '0.00'): TAdminEntry['players'][number] => ({ id, user_id: id, name, email: `${id}@esempio.it`, paid, owed });

export const entry = (id: number, names: [string, string], overrides: Partial<TAdminEntry> = {}): TAdminEntry => ({
  id,
  status: 'confirmed',
  seed: id,
  ranking_points: 0,
  created_at: `2027-05-0${id}T10:00:00.000Z`,
  players: [player(id * 10, names[0]), player(id * 10 + 1, names[1])],
  ...overrides,
});

const side = (entryId: number | null, names: string[]): TTournamentMatch['sides'][number] => ({ entry_id: entryId, names, placeholder: null });

export const match = (key: string, overrides: Partial<TTournamentMatch> = {}): TTournamentMatch => ({
  key,
  phase: 'pool',
  pool: 'A',
  round: 1,
  rounds_in_phase: 3,
  sides: [side(1, ['Rossi', 'Bianchi']), side(2, ['Verdi', 'Neri'])],
  status: 'ready',
  sets: null,
  winner: null,
  court: null,
  starts_at: null,
  ends_at: null,
  called_at: null,
  proposed_sets: null,
  ...overrides,
});

export const C1 = { id: 1, code: 'C1' };
export const C2 = { id: 2, code: 'C2' };

export const aTournament = (overrides: Partial<TAdminTournament> = {}): TAdminTournament => ({
  id: 5,
  name: 'Torneo d’estate',
  sport: 'beach_volley',
  category: 'mixed',
  under_age: null,
  format: 'pools_knockout',
  match_format: 'best_of_three_21',
  starts_on: '2027-06-12',
  ends_on: '2027-06-12',
  entry_fee: '15.00',
  max_entries: 8,
  entries_taken: 4,
  registration_opens_at: '2027-05-01T07:00:00.000Z',
  registration_closes_at: '2027-06-10T20:00:00.000Z',
  status: 'published',
  registration_open: false,
  rules_text: '',
  courts: [C1, C2].map((court) => ({ court_id: court.id, code: court.code, starts_at: '2027-06-12T07:00:00.000Z', ends_at: '2027-06-12T11:00:00.000Z', lit: false })),
  entries: [],
  matches: [],
  pools: [],
  placements: [],
  live_version: 1,
  match_minutes: 40,
  time_cap_minutes: null,
  rest_minutes: 20,
  pool_size: 4,
  court_hours: [C1, C2].map((court) => ({ court_id: court.id, date: '2027-06-12', from: '09:00', to: '13:00' })),
  admin_entries: [entry(1, ['Rossi', 'Bianchi']), entry(2, ['Verdi', 'Neri']), entry(3, ['Gialli', 'Blu'])],
  ...overrides,
});
