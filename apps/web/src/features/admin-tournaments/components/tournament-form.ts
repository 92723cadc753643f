// The tournament form's values (text as typed, courts as rows) and how they become the request body.
import { MATCH_FORMATS, type TAdminTournament, type TTournamentBody, TOURNAMENT_CATEGORIES, TOURNAMENT_FORMATS, z, ZSport, ZTournamentBody } from '@beach/contracts';
import { moneyAsTyped } from '../../../lib/format';
import { instantOfRomeLocal, romeLocalInput } from '../rome';

const ZCourtRow = z.object({ court_id: z.string(), date: z.string(), from: z.string(), to: z.string() });
export type CourtRow = z.output<typeof ZCourtRow>;

export const ZTournamentForm = z.object({
  name: z.string(),
  title_de: z.string(),
  title_en: z.string(),
  sport: ZSport,
  category: z.enum(TOURNAMENT_CATEGORIES),
  under_age: z.string(),
  format: z.enum(TOURNAMENT_FORMATS),
  match_format: z.enum(MATCH_FORMATS),
  match_minutes: z.string(),
  time_cap_minutes: z.string(),
  rest_minutes: z.string(),
  pool_size: z.enum(['3', '4']),
  entry_fee: z.string(),
  max_entries: z.string(),
  registration_opens_at: z.string(),
  registration_closes_at: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  rules_text: z.string(),
  courts: z.array(ZCourtRow),
});
export type TournamentForm = z.output<typeof ZTournamentForm>;

/** A number as typed; an empty field is no number (the contract's message says what is wanted). */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export const tournamentBody = (form: TournamentForm): TTournamentBody => ({
  ...form,
  title_de: form.title_de.trim() || null,
  title_en: form.title_en.trim() || null,
  under_age: form.category === 'under' ? typedNumber(form.under_age) : null,
  match_minutes: typedNumber(form.match_minutes),
  // Only a set to 21 has a time cap.
  time_cap_minutes: form.match_format === 'one_set_21' && form.time_cap_minutes.trim() !== '' ? typedNumber(form.time_cap_minutes) : null,
  rest_minutes: typedNumber(form.rest_minutes),
  pool_size: form.pool_size === '3' ? 3 : 4,
  max_entries: typedNumber(form.max_entries),
  registration_opens_at: instantOfRomeLocal(form.registration_opens_at),
  registration_closes_at: instantOfRomeLocal(form.registration_closes_at),
  courts: form.courts.map((row) => ({ ...row, court_id: typedNumber(row.court_id) })),
});

/** The form checked by the contract itself, so its Italian messages stand under the fields. */
export const ZTournamentFormBody = ZTournamentForm.transform(tournamentBody).pipe(ZTournamentBody);

export const emptyCourtRow = (date = ''): CourtRow => ({ court_id: '', date, from: '09:00', to: '19:00' });

/** A new tournament: beach volley open pairs, best of three, 40 minutes, pools of 4 with 20 minutes' rest. */
export const emptyTournamentForm = (): TournamentForm => ({
  name: '', title_de: '', title_en: '', sport: 'beach_volley', category: 'open', under_age: '', format: 'pools_knockout', match_format: 'best_of_three_21', match_minutes: '40', time_cap_minutes: '',
  rest_minutes: '20', pool_size: '4', entry_fee: '', max_entries: '16', registration_opens_at: '', registration_closes_at: '', starts_on: '', ends_on: '', rules_text: '', courts: [emptyCourtRow()],
});

export const tournamentForm = (tournament: TAdminTournament): TournamentForm => ({
  name: tournament.name,
  title_de: tournament.title_de ?? '',
  title_en: tournament.title_en ?? '',
  sport: tournament.sport,
  category: tournament.category,
  under_age: tournament.under_age === null ? '' : String(tournament.under_age),
  format: tournament.format,
  match_format: tournament.match_format,
  match_minutes: String(tournament.match_minutes),
  time_cap_minutes: tournament.time_cap_minutes === null ? '' : String(tournament.time_cap_minutes),
  rest_minutes: String(tournament.rest_minutes),
  pool_size: tournament.pool_size === 3 ? '3' : '4',
  entry_fee: moneyAsTyped(tournament.entry_fee),
  max_entries: String(tournament.max_entries),
  registration_opens_at: romeLocalInput(tournament.registration_opens_at),
  registration_closes_at: romeLocalInput(tournament.registration_closes_at),
  starts_on: tournament.starts_on,
  ends_on: tournament.ends_on,
  rules_text: tournament.rules_text,
  courts: tournament.court_hours.map((hours) => ({ court_id: String(hours.court_id), date: hours.date, from: hours.from, to: hours.to })),
});
