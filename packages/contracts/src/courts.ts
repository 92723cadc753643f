import { defineRoute, zRowId } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const courtMessages = defineMessages({
  pickCourt: /* i18n */ { id: 'courts.pick_court', message: 'Scegli un campo.' },
});

export const COURT_PURPOSES = ['central', 'members', 'bookable', 'school', 'free_use'] as const;
export const ZCourtPurpose = z.enum(COURT_PURPOSES);
export type TCourtPurpose = z.infer<typeof ZCourtPurpose>;

/** The court a body names (a booking, a closure, a setup). */
export const ZCourtId = zRowId(courtMessages.pickCourt);

/** How each purpose is named and coloured, on the map, its legend and the admin screens. */
export const COURT_PURPOSE_INFO: Record<TCourtPurpose, { label: string; description: string; color: string }> = {
  central: { label: 'Campo centrale', description: 'Tornei, eventi e partite su prenotazione', color: '#f97316' },
  members: { label: 'Riservati ai tesserati', description: 'Fila B, per chi ha la tessera', color: '#facc15' },
  bookable: { label: 'Prenotabili e illuminati', description: 'Fila C, anche la sera con le luci', color: '#f472b6' },
  school: { label: 'Scuola beach volley e camp', description: 'Fila D, corsi e camp estivi', color: '#60a5fa' },
  free_use: { label: 'Libera utenza', description: 'Sempre liberi, senza prenotazione', color: '#4ade80' },
};

export const COURT_ROWS = ['A', 'B', 'C', 'D'] as const;

export const ZCourt = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  row: z.enum(COURT_ROWS).nullable(),
  position: z.number().int(),
  purpose: ZCourtPurpose,
  has_lights: z.boolean(),
  is_bookable: z.boolean(),
  description: z.string().nullable(),
});
export type TCourt = z.infer<typeof ZCourt>;

export const courtsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/courts',
    summary: 'Elenco dei campi (pubblico, per la mappa)',
    tag: 'courts',
    access: 'public',
    response: z.object({ data: z.array(ZCourt) }),
  }),
};
