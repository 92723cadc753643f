// Automatic matches (docs/open-matches.md#automatic-matches): the admin's rules say which courts, weekdays and
// hours offer their empty slots as open matches with no organiser; the first member to join holds the court.
import { ZSlotStart } from './bookings.js';
import { ZCourtId } from './courts.js';
import { defineRoute, ZIdParams, zRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZIsoDate, ZMessage } from './auth.js';
import { OPEN_MATCH_GENDERS, OPEN_MATCH_SPORTS, refineMatchTerms, ZJoinBody, ZMatchTerms, ZOpenMatch, ZOpenMatchFormat, ZOpenMatchQuery } from './open-matches.js';
import * as z from './zod-i18n.js';

const automaticMessages = defineMessages({
  name: /* i18n */ { id: 'automatic_matches.name', message: 'Dai un nome alla regola.' },
  courts: /* i18n */ { id: 'automatic_matches.courts', message: 'Scegli almeno un campo.' },
  weekdays: /* i18n */ { id: 'automatic_matches.weekdays', message: 'Scegli almeno un giorno della settimana.' },
  time: /* i18n */ { id: 'automatic_matches.time', message: 'Indica un orario come 09:00.' },
  hours: /* i18n */ { id: 'automatic_matches.hours', message: 'L’orario di fine viene dopo quello di inizio.' },
});

const ZClock = z.string(z.because(automaticMessages.time)).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, z.because(automaticMessages.time));

export const ZAutomaticRuleBody = ZMatchTerms.extend({
  name: z.string(z.because(automaticMessages.name)).trim().min(1, z.because(automaticMessages.name)).max(100),
  active: z.boolean(),
  court_ids: z.array(zRowId(validationMessages.court), z.because(automaticMessages.courts)).min(1, z.because(automaticMessages.courts)).max(20, z.because(automaticMessages.courts)),
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7), z.because(automaticMessages.weekdays)).min(1, z.because(automaticMessages.weekdays)).max(7),
  from_time: ZClock,
  to_time: ZClock,
}).superRefine((body, ctx) => {
  if (body.from_time >= body.to_time) ctx.addIssue({ code: 'custom', path: ['to_time'], ...z.issueBecause(automaticMessages.hours) });
  refineMatchTerms(body, ctx);
});
export type TAutomaticRuleBody = z.input<typeof ZAutomaticRuleBody>;

export const ZAutomaticRule = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  court_ids: z.array(z.number().int()),
  weekdays: z.array(z.number().int()),
  from_time: z.string(),
  to_time: z.string(),
  format: ZOpenMatchFormat,
  competitive: z.boolean(),
  level_min: z.number().nullable(),
  level_max: z.number().nullable(),
  gender: z.enum(OPEN_MATCH_GENDERS),
});
export type TAutomaticRule = z.infer<typeof ZAutomaticRule>;

/** An empty slot a rule offers: an open match nobody has joined yet, so no organiser and every place free. */
export const ZAutomaticSlot = z.object({
  rule_id: z.number().int(),
  court_id: z.number().int(),
  court: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  sport: z.enum(OPEN_MATCH_SPORTS),
  format: ZOpenMatchFormat,
  players_count: z.number().int(),
  competitive: z.boolean(),
  level_min: z.number().nullable(),
  level_max: z.number().nullable(),
  gender: z.enum(OPEN_MATCH_GENDERS),
  part: ZMoney,
  cutoff_at: z.iso.datetime(),
});
export type TAutomaticSlot = z.infer<typeof ZAutomaticSlot>;

/** The same filters as the open matches' list. */
export const ZAutomaticSlotsQuery = ZOpenMatchQuery;

export const ZAutomaticJoinBody = ZJoinBody.extend({ rule_id: zRowId(), court_id: ZCourtId, date: ZIsoDate, start: ZSlotStart });
export type TAutomaticJoinBody = z.input<typeof ZAutomaticJoinBody>;

export const automaticMatchesRoutes = {
  slots: defineRoute({
    method: 'get', path: '/api/open-matches/automatic', tag: 'open-matches', access: 'user',
    summary: 'Gli slot liberi che le regole delle partite automatiche offrono come partite aperte senza organizzatore',
    query: ZAutomaticSlotsQuery, response: z.object({ data: z.array(ZAutomaticSlot) }),
  }),
  join: defineRoute({
    method: 'post', path: '/api/open-matches/automatic/join', tag: 'open-matches', access: 'user',
    summary: 'Il primo giocatore di una partita automatica: tiene il campo, apre la partita e paga la sua quota (credito subito; carta sulla pagina di pagamento)',
    body: ZAutomaticJoinBody, response: z.object({ match: ZOpenMatch, booking_id: z.number().int(), paid: z.boolean() }), successStatus: 201,
  }),
  rules: defineRoute({
    method: 'get', path: '/api/admin/automatic-matches', tag: 'open-matches', access: 'admin',
    summary: 'Le regole delle partite automatiche',
    response: z.object({ data: z.array(ZAutomaticRule) }),
  }),
  createRule: defineRoute({
    method: 'post', path: '/api/admin/automatic-matches', tag: 'open-matches', access: 'admin',
    summary: 'Aggiunge una regola di partite automatiche (campi, giorni, orari, tipo di partita)',
    body: ZAutomaticRuleBody, response: ZAutomaticRule, successStatus: 201,
  }),
  updateRule: defineRoute({
    method: 'put', path: '/api/admin/automatic-matches/:id', tag: 'open-matches', access: 'admin',
    summary: 'Modifica, accende o spegne una regola di partite automatiche',
    params: ZIdParams, body: ZAutomaticRuleBody, response: ZAutomaticRule,
  }),
  deleteRule: defineRoute({
    method: 'delete', path: '/api/admin/automatic-matches/:id', tag: 'open-matches', access: 'admin',
    summary: 'Toglie una regola di partite automatiche (le partite già aperte restano)',
    params: ZIdParams, response: ZMessage,
  }),
};
