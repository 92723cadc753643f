// A member's level per sport (docs/levels.md): 0–7 with a reliability, started by a short questionnaire
// asked once, moved by competitive results, corrected by an admin; its history; the club's ranking by level.
import { defineRoute, zTextRowId } from './http.js';
import { defineMessages } from './messages.js';
import { ZSport } from './setups.js';
import * as z from './zod-i18n.js';

const levelMessages = defineMessages({
  answer: /* i18n */ { id: 'levels.answer', message: 'Scegli una risposta.' },
  level: /* i18n */ { id: 'levels.level', message: 'Il livello va da 0 a 7.' },
});

/** The questionnaire's questions, each answered 0 (least) to 3 (most): docs/levels.md#questionnaire. */
export const LEVEL_QUESTIONS = ['experience', 'frequency', 'competition', 'technique'] as const;
export type TLevelQuestion = (typeof LEVEL_QUESTIONS)[number];
const zAnswer = z.number(z.because(levelMessages.answer)).int(z.because(levelMessages.answer)).min(0, z.because(levelMessages.answer)).max(3, z.because(levelMessages.answer));

export const ZLevelQuestionnaireBody = z.object({
  sport: ZSport,
  answers: z.object(Object.fromEntries(LEVEL_QUESTIONS.map((question) => [question, zAnswer])) as Record<TLevelQuestion, typeof zAnswer>),
});
export type TLevelQuestionnaireBody = z.input<typeof ZLevelQuestionnaireBody>;

export const LEVEL_SOURCES = ['questionnaire', 'admin', 'result'] as const;

/** A level as shown: 0–7 (two decimals) and how sure it is, 0–100 %. */
const levelShape = {
  level: z.number(),
  reliability: z.number().int(),
};

export const ZMemberLevel = z.object({
  sport: ZSport,
  ...levelShape,
  competitive_matches: z.number().int(),
});
export type TMemberLevel = z.infer<typeof ZMemberLevel>;

export const ZLevelChange = z.object({
  id: z.number().int(),
  sport: ZSport,
  source: z.enum(LEVEL_SOURCES),
  ...levelShape,
  /** The level before the change (null: the first). */
  level_before: z.number().nullable(),
  created_at: z.iso.datetime(),
});
export type TLevelChange = z.infer<typeof ZLevelChange>;

export const ZMyLevels = z.object({
  /** Only the sports the member has a level in; the others ask the questionnaire first. */
  levels: z.array(ZMemberLevel),
  history: z.array(ZLevelChange),
});
export type TMyLevels = z.infer<typeof ZMyLevels>;

export const ZLevelRankingQuery = z.object({ sport: ZSport.default('beach_volley') });
export const ZLevelRankingRow = z.object({
  position: z.number().int(),
  /** First name and the initial of the last name: a ranking names players, never more. */
  name: z.string(),
  ...levelShape,
  competitive_matches: z.number().int(),
  me: z.boolean(),
});
export type TLevelRankingRow = z.infer<typeof ZLevelRankingRow>;
/** Competitive matches a member needs to enter the ranking. */
export const RANKING_MIN_MATCHES = 5;

export const ZLevelCorrectionParams = z.object({ id: zTextRowId(), sport: ZSport });
export const ZLevelCorrectionBody = z.object({
  level: z.number(z.because(levelMessages.level)).min(0, z.because(levelMessages.level)).max(7, z.because(levelMessages.level)),
});

const ZMyLevelsAnswer = ZMyLevels.extend({ message: z.string() });

export const levelsRoutes = {
  mine: defineRoute({
    method: 'get', path: '/api/me/levels', tag: 'levels', access: 'user',
    summary: 'I miei livelli per sport (0–7 e affidabilità) e la loro storia', response: ZMyLevels,
  }),
  questionnaire: defineRoute({
    method: 'post', path: '/api/me/levels/questionnaire', tag: 'levels', access: 'user', successStatus: 201,
    summary: 'Il questionario del primo livello in uno sport (una volta sola)', body: ZLevelQuestionnaireBody, response: ZMyLevelsAnswer,
  }),
  ranking: defineRoute({
    method: 'get', path: '/api/levels/ranking', tag: 'levels', access: 'user',
    summary: `La classifica del circolo per livello in uno sport (almeno ${RANKING_MIN_MATCHES} partite competitive)`,
    query: ZLevelRankingQuery, response: z.object({ sport: ZSport, data: z.array(ZLevelRankingRow) }),
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/levels', tag: 'levels', access: 'admin',
    summary: 'I livelli di un socio e la loro storia', params: z.object({ id: zTextRowId() }), response: ZMyLevels,
  }),
  correct: defineRoute({
    method: 'put', path: '/api/admin/users/:id/levels/:sport', tag: 'levels', access: 'admin',
    summary: 'Corregge il livello di un socio in uno sport (registrato nel registro delle modifiche)',
    params: ZLevelCorrectionParams, body: ZLevelCorrectionBody, response: ZMyLevelsAnswer,
  }),
};

