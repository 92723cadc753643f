// Setups back-office (/admin/allestimenti, docs/domain.md#courts): how a court is set up for a
// sport, and which setup each court has over a range of days (one per court per day).
import { ZIsoDate } from './auth.js';
import { ZCourt, ZCourtId } from './courts.js';
import { defineRoute, ZIdParams, zRowId } from './http.js';
import * as z from './zod-italian.js';

export const SPORTS = ['beach_volley', 'beach_tennis', 'foot_volley'] as const;
export const ZSport = z.enum(SPORTS, { error: 'Sport non valido.' });
export type TSport = z.infer<typeof ZSport>;
export const SPORT_LABELS: Record<TSport, string> = {
  beach_volley: 'Beach volley',
  beach_tennis: 'Beach tennis',
  foot_volley: 'Foot volley',
};

const optionalText = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri.`).nullish().transform((value) => value || null);
/** Metres with one decimal, typed as "16" or "16,5". */
const ZMetres = z
  .union([z.number(), z.string().trim()], { error: 'Inserisci una misura.' })
  .transform((value) => String(value).replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,3}(\.\d)?$/, 'Inserisci i metri, con al massimo un decimale.'))
  .transform(Number)
  .refine((metres) => metres > 0, 'La misura deve essere maggiore di zero.');

export const ZSetupBody = z.object({
  name: z.string({ error: 'Campo obbligatorio.' }).trim().min(1, 'Campo obbligatorio.').max(100, 'Al massimo 100 caratteri.'),
  sport: ZSport,
  net_height_cm: z.coerce.number({ error: 'Inserisci l’altezza della rete.' }).int('Inserisci i centimetri interi.').min(50, 'Almeno 50 cm.').max(400, 'Al massimo 400 cm.'),
  length_m: ZMetres,
  width_m: ZMetres,
  equipment: optionalText(255),
  notes: optionalText(1000),
});
export type TSetupBody = z.input<typeof ZSetupBody>;

export const ZSetup = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: ZSport,
  net_height_cm: z.number().int(),
  length_m: z.number(),
  width_m: z.number(),
  equipment: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TSetup = z.infer<typeof ZSetup>;

export const ZCourtSetupBody = z
  .object({
    court_id: ZCourtId,
    setup_id: zRowId('Scegli un allestimento.'),
    valid_from: ZIsoDate,
    valid_to: ZIsoDate,
  })
  .refine((body) => body.valid_to >= body.valid_from, { message: 'La data di fine non può precedere quella di inizio.', path: ['valid_to'] });
export type TCourtSetupBody = z.input<typeof ZCourtSetupBody>;

export const ZCourtSetup = z.object({
  id: z.number().int(),
  court: ZCourt.pick({ id: true, code: true, name: true }),
  setup: ZSetup.pick({ id: true, name: true, sport: true }),
  valid_from: ZIsoDate,
  valid_to: ZIsoDate,
});
export type TCourtSetup = z.infer<typeof ZCourtSetup>;

const ZMessage = z.object({ message: z.string() });

export const adminSetupsRoutes = {
  list: defineRoute({ method: 'get', path: '/api/admin/setups', summary: 'Allestimenti', tag: 'admin-setups', access: 'admin', response: z.object({ data: z.array(ZSetup) }) }),
  create: defineRoute({ method: 'post', path: '/api/admin/setups', summary: 'Nuovo allestimento', tag: 'admin-setups', access: 'admin', body: ZSetupBody, successStatus: 201, response: ZSetup }),
  update: defineRoute({ method: 'put', path: '/api/admin/setups/:id', summary: 'Modifica un allestimento', tag: 'admin-setups', access: 'admin', params: ZIdParams, body: ZSetupBody, response: ZSetup }),
  remove: defineRoute({ method: 'delete', path: '/api/admin/setups/:id', summary: 'Elimina un allestimento non assegnato a nessun campo', tag: 'admin-setups', access: 'admin', params: ZIdParams, response: ZMessage }),
  assignments: defineRoute({ method: 'get', path: '/api/admin/court-setups', summary: 'Allestimenti assegnati ai campi, per periodo', tag: 'admin-setups', access: 'admin', response: z.object({ data: z.array(ZCourtSetup) }) }),
  assign: defineRoute({ method: 'post', path: '/api/admin/court-setups', summary: 'Assegna un allestimento a un campo per un periodo (uno per campo al giorno)', tag: 'admin-setups', access: 'admin', body: ZCourtSetupBody, successStatus: 201, response: ZCourtSetup }),
  unassign: defineRoute({ method: 'delete', path: '/api/admin/court-setups/:id', summary: 'Toglie un’assegnazione', tag: 'admin-setups', access: 'admin', params: ZIdParams, response: ZMessage }),
};
