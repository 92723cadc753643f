// The members' register (libro soci, admin, /admin/libro-soci): the cards of a season in the order
// members were admitted, with search, pages, CSV and a PDF for printing; the members whose fiscal code
// or place of birth the register lacks are flagged, counted and can be listed alone.
import { defineRoute } from './http.js';
import { ZMembershipType } from './memberships.js';
import { defineMessages, validationMessages } from './messages.js';
import { pagedListOf, pageQuery } from './paging.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const membersRegisterMessages = defineMessages({
  season: /* i18n */ { id: 'members_register.season', message: 'Stagione non valida.' },
});

export const MEMBERS_REGISTER_PER_PAGE = 25;

export const REGISTER_MISSING_DATA = ['fiscal_code', 'birth_place'] as const;
/** A row's flag: "Mancano codice fiscale e luogo di nascita", "Manca il luogo di nascita". */
export const missingDataText = (missing: readonly (typeof REGISTER_MISSING_DATA)[number][]) =>
  missing.includes('fiscal_code') ? 'Mancano codice fiscale e luogo di nascita' : 'Manca il luogo di nascita';

const ZSeason = zTextInt(membersRegisterMessages.season, { min: 2000, max: 2100 });

export const ZMembersRegisterFilter = z.object({
  /** The season's year; the current one (Rome) when missing. */
  season: z.preprocess((value) => (value === '' ? undefined : value), ZSeason.optional()),
  /** Last or first name, fiscal code or card number. */
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
  /** `missing`: only the members whose fiscal code or place of birth the register lacks. */
  data: z.enum(['all', 'missing'], z.because(validationMessages.filter)).default('all'),
});
export const ZMembersRegisterQuery = z.object({ ...pageQuery(MEMBERS_REGISTER_PER_PAGE).shape, ...ZMembersRegisterFilter.shape });
export type TMembersRegisterQuery = z.input<typeof ZMembersRegisterQuery>;

export const ZMembersRegisterRow = z.object({
  membership_id: z.number().int(),
  card_number: z.string(),
  /** When the card was activated (the admission), as a Rome calendar day. */
  admitted_on: z.iso.date(),
  last_name: z.string(),
  first_name: z.string(),
  birth_date: z.iso.date().nullable(),
  /** Read from the fiscal code: "RIMINI (RN)". */
  birth_place: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  residence: z.string().nullable(),
  /** What the register needs and lacks: no fiscal code (then no place of birth either), or a place of birth it cannot read. */
  missing: z.array(z.enum(REGISTER_MISSING_DATA)),
  card_type: ZMembershipType,
  is_bvu_member: z.boolean(),
  /** The last day of the card: membership ends with it. */
  ends_on: z.iso.date(),
});
export type TMembersRegisterRow = z.infer<typeof ZMembersRegisterRow>;

export const membersRegisterRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/members-register',
    summary: 'Libro soci di una stagione: ricerca e pagine',
    tag: 'members-register',
    access: 'admin',
    query: ZMembersRegisterQuery,
    response: pagedListOf(ZMembersRegisterRow).extend({
      season: z.number().int(),
      /** The season's members (the search applied, whatever the data filter), and how many of them lack data. */
      members: z.number().int(),
      missing_data: z.number().int(),
    }),
  }),
  csv: defineRoute({ method: 'get', path: '/api/admin/members-register/csv', summary: 'Libro soci della stagione in CSV (la ricerca si applica)', tag: 'members-register', access: 'admin', query: ZMembersRegisterFilter, response: z.unknown() }),
  pdf: defineRoute({ method: 'get', path: '/api/admin/members-register/pdf', summary: 'Libro soci della stagione in PDF da stampare, pagine numerate (la ricerca si applica)', tag: 'members-register', access: 'admin', query: ZMembersRegisterFilter, response: z.unknown() }),
};
