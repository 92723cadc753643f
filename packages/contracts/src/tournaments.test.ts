import { describe, expect, it } from 'vitest';
import { ZTournamentBody } from './index.js';

const body = (closesAt: string) => ({
  name: 'Open', sport: 'beach_volley', category: 'open', format: 'pools_knockout', match_format: 'one_set_21', match_minutes: 30, entry_fee: '20.00', max_entries: 8,
  registration_opens_at: '2030-06-01T08:00:00Z', registration_closes_at: closesAt, starts_on: '2030-07-10', ends_on: '2030-07-10',
  courts: [{ court_id: 1, date: '2030-07-10', from: '09:00', to: '19:00' }],
});

describe('ZTournamentBody', () => {
  it('wants the registration closed before the tournament starts (its first day’s midnight in Rome)', () => {
    // 2030-07-10 00:00 in Rome (summer time) is 2030-07-09 22:00 UTC.
    expect(ZTournamentBody.safeParse(body('2030-07-09T22:00:00Z')).success).toBe(true);
    const late = ZTournamentBody.safeParse(body('2030-07-09T22:01:00Z'));
    expect(late.success).toBe(false);
    expect(late.error!.issues).toEqual([expect.objectContaining({ path: ['registration_closes_at'], message: 'Le iscrizioni devono chiudersi dopo l’apertura e prima dell’inizio del torneo.' })]);
  });
});
