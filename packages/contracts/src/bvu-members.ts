// BVU members (docs/domain.md#bvu-members): the affiliated
// organisation's card holders, whose cards give the BVU-course seasonal price.
import type { MessageDescriptor } from '@lingui/core';
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { pagedListOf, pageQuery, ZSortOrder } from './paging.js';
import * as z from './zod-i18n.js';

const bvuMessages = defineMessages({
  season: /* i18n */ { id: 'bvu_members.season', message: 'Stagione non valida: scrivi l’anno (2026) o due anni (2025/2026).' },
  cardCodeTooLong: /* i18n */ { id: 'bvu_members.card_code_too_long', message: 'Il codice tessera può avere al massimo 50 caratteri.' },
  lastNameTooLong: /* i18n */ { id: 'bvu_members.last_name_too_long', message: 'Il cognome può avere al massimo 100 caratteri.' },
  firstNameTooLong: /* i18n */ { id: 'bvu_members.first_name_too_long', message: 'Il nome può avere al massimo 100 caratteri.' },
  fiscalCodeTooLong: /* i18n */ { id: 'bvu_members.fiscal_code_too_long', message: 'Il codice fiscale può avere al massimo {max} caratteri.' },
  gender: /* i18n */ { id: 'bvu_members.gender', message: 'Sesso non valido: M o F.' },
  expiryBeforeIssue: /* i18n */ { id: 'bvu_members.expiry_before_issue', message: 'La data di scadenza non può precedere quella di rilascio.' },
});

/** BVU members page size. */
export const BVU_MEMBERS_PER_PAGE = 10;
/** Largest CSV file accepted, and how long the client waits for the import. */
export const BVU_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const BVU_IMPORT_TIMEOUT_MS = 120_000;
/** Data rows an import takes: far above a real BVU file (a few thousand; 10 MB of full rows is about 84,000). */
export const BVU_IMPORT_MAX_ROWS = 100_000;
/** Problems an import lists one by one; the rest are only counted. */
export const BVU_IMPORT_MAX_ERRORS = 1_000;
/** Fiscal code length. */
export const FISCAL_CODE_MAX_LENGTH = 16;

export const GENDERS = ['M', 'F'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { M: 'Maschio', F: 'Femmina' };

export const ZBvuMember = z.object({
  id: z.number().int(),
  card_code: z.string(),
  season: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  fiscal_code: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birth_date: ZIsoDate.nullable(),
  email: z.string().nullable(),
  issue_date: ZIsoDate.nullable(),
  expiry_date: ZIsoDate.nullable(),
});
export type TBvuMember = z.infer<typeof ZBvuMember>;

const required = (max: number, tooLong: MessageDescriptor) =>
  z.string(z.because(validationMessages.required)).trim().min(1, z.because(validationMessages.required)).max(max, z.because(tooLong));
/** An optional form value: blank or missing is null. */
const blankToNull = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish().transform((value) => value ?? null));

/** "2026" or "2025/2026". */
export const ZSeason = z
  .string()
  .trim()
  .regex(/^\d{4}(\/\d{4})?$/, z.because(bvuMessages.season));

/** The form's fields, each checked on its own: the CSV import checks each distinct value once. */
export const ZBvuMemberFields = z.object({
  card_code: required(50, bvuMessages.cardCodeTooLong),
  season: blankToNull(ZSeason),
  last_name: required(100, bvuMessages.lastNameTooLong),
  first_name: required(100, bvuMessages.firstNameTooLong),
  fiscal_code: z
    .string(z.because(validationMessages.required))
    .trim()
    .toUpperCase()
    .min(1, z.because(validationMessages.required))
    .max(FISCAL_CODE_MAX_LENGTH, { ...z.because(bvuMessages.fiscalCodeTooLong, { max: FISCAL_CODE_MAX_LENGTH }), abort: true })
    .regex(/^[A-Z0-9]{16}$/, z.because(validationMessages.fiscalCodeFormat)),
  gender: blankToNull(z.string().trim().toUpperCase().pipe(z.enum(GENDERS, z.because(bvuMessages.gender)))),
  birth_date: blankToNull(ZIsoDate),
  email: blankToNull(z.string().trim().toLowerCase().pipe(z.email(z.because(validationMessages.email)).max(255))),
  issue_date: blankToNull(ZIsoDate),
  expiry_date: blankToNull(ZIsoDate),
});

/** The rule across fields: a card does not expire before it is issued. */
export const BVU_VALIDITY = {
  holds: (body: { issue_date: string | null; expiry_date: string | null }) => !body.issue_date || !body.expiry_date || body.expiry_date >= body.issue_date,
  reason: bvuMessages.expiryBeforeIssue,
  /** In Italian, for the CSV import's report (the back-office's). */
  message: bvuMessages.expiryBeforeIssue.message,
  field: 'expiry_date',
} as const;

/** The add/edit form and one CSV row once read. Season blank: the current one. */
export const ZBvuMemberBody = ZBvuMemberFields.refine(BVU_VALIDITY.holds, { ...z.because(BVU_VALIDITY.reason), path: [BVU_VALIDITY.field] });
export type TBvuMemberBody = z.input<typeof ZBvuMemberBody>;

export const BVU_SORT_FIELDS = ['last_name', 'first_name', 'card_code', 'season', 'expiry_date', 'created_at'] as const;

export const ZBvuMembersQuery = pageQuery(BVU_MEMBERS_PER_PAGE).extend({
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
  sort_by: z.enum(BVU_SORT_FIELDS, z.because(validationMessages.sort)).default('last_name'),
  sort_order: ZSortOrder.default('asc'),
});
export type TBvuMembersQuery = z.input<typeof ZBvuMembersQuery>;

/** The import's answer: message and the list of problems (one line each, with its line number), the first BVU_IMPORT_MAX_ERRORS of them. */
export const ZBvuImportResult = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.string()),
  /** Problems beyond the listed ones. */
  errors_not_listed: z.number().int(),
});
export type TBvuImportResult = z.infer<typeof ZBvuImportResult>;

const ZSaved = z.object({ message: z.string(), bvu_member: ZBvuMember });

export const bvuMembersRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/bvu-members',
    summary: 'Elenco dei tesserati BVU: ricerca per nome, codice tessera o codice fiscale',
    tag: 'bvu-members',
    access: 'staff',
    query: ZBvuMembersQuery,
    response: pagedListOf(ZBvuMember),
  }),
  import: defineRoute({
    method: 'post',
    path: '/api/admin/bvu-members/import',
    summary: 'Importa un file CSV (multipart, campo "file", fino a 10 MB): aggiorna per codice fiscale e stagione',
    tag: 'bvu-members',
    access: 'admin',
    response: ZBvuImportResult,
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/bvu-members',
    summary: 'Aggiunge un tesserato BVU',
    tag: 'bvu-members',
    access: 'admin',
    body: ZBvuMemberBody,
    response: ZSaved,
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/bvu-members/:id',
    summary: 'Modifica un tesserato BVU',
    tag: 'bvu-members',
    access: 'admin',
    params: ZIdParams,
    body: ZBvuMemberBody,
    response: ZSaved,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/admin/bvu-members/:id',
    summary: 'Elimina un tesserato BVU (le tessere già emesse restano)',
    tag: 'bvu-members',
    access: 'admin',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
};
