// The children on a parent's account (docs/school.md#families): the parent adds, edits and removes them;
// the staff read them on the member's page. Health notes go to the parent, the staff and the child's coach.
import { ageOn, romeToday } from './age.js';
import { ZIsoDate, ZMessage, ZPersonName } from './auth.js';
import { ZCertificateStatus } from './certificates.js';
import { PARENT_SIGNATURE_AGE } from './consents.js';
import { defineRoute, ZIdParams } from './http.js';
import { italianTexts } from './italian.js';
import { ZFiscalCode } from './memberships.js';
import { defineMessages, validationMessages } from './messages.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

export const childMessages = defineMessages({
  birthDateFuture: /* i18n */ { id: 'children.birth_date_future', message: 'La data di nascita non può essere nel futuro.' },
  notMinor: /* i18n */ { id: 'children.not_minor', message: 'Qui si aggiungono i figli minorenni: deve avere meno di 18 anni.' },
  statementYear: /* i18n */ { id: 'children.statement_year', message: 'Scegli un anno tra il 2020 e il 2100.' },
  guardianConsent: /* i18n */ {
    id: 'children.guardian_consent',
    message: 'Conferma di essere il genitore o tutore e di accettare l’informativa sulla privacy per conto del minore.',
  },
});
/** The Italian of each, for the tests. */
export const CHILD_MESSAGES = italianTexts(childMessages);

export const HEALTH_NOTES_MAX_LENGTH = 1000;
export const PICKUP_PEOPLE_MAX_LENGTH = 500;

/** Free text: an empty one is none (null). */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, z.because(validationMessages.atMostCharacters, { max })).nullish().transform((value) => value ?? null),
  );

/** A minor on the day (Europe/Rome): born no later than today, and not yet 18. */
const ZChildBirthDate = ZIsoDate.refine((value) => value <= romeToday(), { ...z.because(childMessages.birthDateFuture), abort: true }).refine(
  (value) => ageOn(value, romeToday()) < PARENT_SIGNATURE_AGE,
  z.because(childMessages.notMinor),
);

/** What the parent writes; the fiscal code's check character and birth date are checked by the server. */
export const ZChildBody = z.object({
  first_name: ZPersonName,
  last_name: ZPersonName,
  birth_date: ZChildBirthDate,
  fiscal_code: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), ZFiscalCode.nullish().transform((value) => value ?? null)),
  health_notes: optionalText(HEALTH_NOTES_MAX_LENGTH),
  /** Who may collect the child, as the parent writes it. */
  pickup_people: optionalText(PICKUP_PEOPLE_MAX_LENGTH),
  photo_consent: z.boolean().default(false),
});
export type TChildBody = z.input<typeof ZChildBody>;

/**
 * A new child: the parent also declares they are the parent or guardian and accept the privacy notice for
 * the minor (a child under 14 cannot consent alone: Codice privacy art. 2-quinquies).
 */
export const ZNewChildBody = ZChildBody.extend({
  guardian_consent: z.boolean(z.because(childMessages.guardianConsent)).refine((given) => given, z.because(childMessages.guardianConsent)),
});
export type TNewChildBody = z.input<typeof ZNewChildBody>;

export const ZChild = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: ZIsoDate,
  fiscal_code: z.string().nullable(),
  health_notes: z.string().nullable(),
  pickup_people: z.string().nullable(),
  photo_consent: z.boolean(),
  /** Enrolled in a course at least once (cancelled too): the child cannot be removed, the accounts need it. */
  has_enrolments: z.boolean(),
  /** The child's medical certificate today (Rome), and the certificates the parent presented for them. */
  certificate: ZCertificateStatus,
  created_at: z.iso.datetime(),
});
export type TChild = z.infer<typeof ZChild>;

const ZChildList = z.object({ data: z.array(ZChild) });

/** The years for which a child's yearly statement lists payments (docs/school.md#receipts-and-reports). */
export const ZStatementYears = z.object({ years: z.array(z.number().int()) });
export type TStatementYears = z.infer<typeof ZStatementYears>;
export const ZStatementQuery = z.object({
  year: zTextInt(childMessages.statementYear, { min: 2020, max: 2100 }),
});

export const childrenRoutes = {
  mine: defineRoute({
    method: 'get', path: '/api/me/children', tag: 'children', access: 'user',
    summary: 'I miei figli (minorenni), con note sulla salute, persone autorizzate al ritiro e consenso foto', response: ZChildList,
  }),
  create: defineRoute({
    method: 'post', path: '/api/me/children', tag: 'children', access: 'user', successStatus: 201,
    summary: 'Aggiunge un figlio o una figlia minorenne al proprio account (con il consenso del genitore)', body: ZNewChildBody, response: ZChild,
  }),
  update: defineRoute({
    method: 'put', path: '/api/me/children/:id', tag: 'children', access: 'user',
    summary: 'Modifica i dati di un proprio figlio', params: ZIdParams, body: ZChildBody, response: ZChild,
  }),
  remove: defineRoute({
    method: 'delete', path: '/api/me/children/:id', tag: 'children', access: 'user',
    summary: 'Toglie un proprio figlio dall’account (rifiutato se è stato iscritto a un corso)', params: ZIdParams, response: ZMessage,
  }),
  statementYears: defineRoute({
    method: 'get', path: '/api/me/children/:id/statement-years', tag: 'children', access: 'user',
    summary: 'Gli anni con pagamenti per le iscrizioni di un proprio figlio (per la dichiarazione annuale)', params: ZIdParams, response: ZStatementYears,
  }),
  statement: defineRoute({
    method: 'get', path: '/api/me/children/:id/statement', tag: 'children', access: 'user',
    summary: 'Dichiarazione annuale (PDF) delle spese sportive di un proprio figlio: pagamenti dell’anno, totale e totale tracciabile (detrazione 19 %)',
    params: ZIdParams, query: ZStatementQuery, response: z.unknown(),
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/children', tag: 'children', access: 'staff',
    summary: 'I figli di un socio, note sulla salute comprese (sola lettura)', params: ZIdParams, response: ZChildList,
  }),
};
