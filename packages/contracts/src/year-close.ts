// Closing the financial year (docs/annual-accounts.md#closing-the-year): the admin closes a year once the
// assembly has approved its accounts (the database then refuses any entry dated inside it), reopens it with a
// reason, and corrects a closed year's entry by a reversal in the open year that names it.
import { ZIsoDate } from './auth.js';
import { defineRoute, zTextRowId } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

export const yearCloseMessages = defineMessages({
  year: /* i18n */ { id: 'year_close.year', message: 'Scegli un esercizio.' },
  reason: /* i18n */ { id: 'year_close.reason', message: 'Scrivi il motivo (da 5 a 300 caratteri).' },
  entry: /* i18n */ { id: 'year_close.entry', message: 'Indica il numero del movimento da correggere.' },
});

/** A financial year, named by the calendar year it starts in. */
const ZYearNumber = z.coerce.number(z.because(yearCloseMessages.year)).int(z.because(yearCloseMessages.year)).min(2000, z.because(yearCloseMessages.year)).max(2100, z.because(yearCloseMessages.year));
const ZReason = z.string(z.because(yearCloseMessages.reason)).trim().min(5, z.because(yearCloseMessages.reason)).max(300, z.because(yearCloseMessages.reason));

export const ZFinancialYear = z.object({
  year: z.number().int(),
  /** "2025", or "2025/2026" when the year does not start in January. */
  label: z.string(),
  starts_on: ZIsoDate,
  ends_on: ZIsoDate,
  state: z.enum(['open', 'closed']),
  /** Over: it may be closed. */
  ended: z.boolean(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  /** The last reopening of this year, if any: when, by whom, why. */
  reopened: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
});
export type TFinancialYear = z.infer<typeof ZFinancialYear>;

export const ZYearCloseBody = z.object({ year: ZYearNumber });
export const ZYearReopenBody = z.object({ year: ZYearNumber, reason: ZReason });
export const ZYearCorrectionBody = z.object({ entry_id: zTextRowId(yearCloseMessages.entry), reason: ZReason });
export type TYearCorrectionBody = z.input<typeof ZYearCorrectionBody>;

const ZYearAnswer = z.object({ message: z.string(), year: ZFinancialYear });

export const yearCloseRoutes = {
  list: defineRoute({
    method: 'get', path: '/api/admin/years', tag: 'year-close', access: 'admin',
    summary: 'Gli esercizi dal primo movimento del registro a oggi: aperti o chiusi, chi li ha chiusi o riaperti',
    response: z.object({ years: z.array(ZFinancialYear) }),
  }),
  close: defineRoute({
    method: 'post', path: '/api/admin/years/close', tag: 'year-close', access: 'admin',
    summary: 'Chiude un esercizio finito (dopo l’approvazione dell’assemblea): nessun movimento potrà più avere una data al suo interno',
    body: ZYearCloseBody, response: ZYearAnswer,
  }),
  reopen: defineRoute({
    method: 'post', path: '/api/admin/years/reopen', tag: 'year-close', access: 'admin',
    summary: 'Riapre un esercizio chiuso, con il motivo (registrato)',
    body: ZYearReopenBody, response: ZYearAnswer,
  }),
  correct: defineRoute({
    method: 'post', path: '/api/admin/years/corrections', tag: 'year-close', access: 'admin',
    summary: 'Storna nell’esercizio aperto un movimento di un esercizio chiuso, indicandolo e con il motivo',
    body: ZYearCorrectionBody, response: z.object({ message: z.string(), entry_id: z.number().int() }), successStatus: 201,
  }),
};
