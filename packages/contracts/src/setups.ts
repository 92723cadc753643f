// Setups back-office (/admin/allestimenti, docs/domain.md#courts): how a court is set up for a
// sport, and which setup each court has over a range of days (one per court per day).
import { ZIsoDate } from './auth.js';
import { ZCourt, ZCourtId } from './courts.js';
import { defineRoute, ZIdParams, zRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const setupMessages = defineMessages({
  sport: /* i18n */ { id: 'setups.sport', message: 'Sport non valido.' },
  measure: /* i18n */ { id: 'setups.measure', message: 'Inserisci una misura.' },
  metresFormat: /* i18n */ { id: 'setups.metres_format', message: 'Inserisci i metri, con al massimo un decimale.' },
  measurePositive: /* i18n */ { id: 'setups.measure_positive', message: 'La misura deve essere maggiore di zero.' },
  netHeight: /* i18n */ { id: 'setups.net_height', message: 'Inserisci l’altezza della rete.' },
  netHeightWhole: /* i18n */ { id: 'setups.net_height_whole', message: 'Inserisci i centimetri interi.' },
  netHeightMin: /* i18n */ { id: 'setups.net_height_min', message: 'Almeno 50 cm.' },
  netHeightMax: /* i18n */ { id: 'setups.net_height_max', message: 'Al massimo 400 cm.' },
  pickSetup: /* i18n */ { id: 'setups.pick_setup', message: 'Scegli un allestimento.' },
});

export const SPORTS = ['beach_volley', 'beach_tennis', 'foot_volley'] as const;
export const ZSport = z.enum(SPORTS, z.because(setupMessages.sport));
export type TSport = z.infer<typeof ZSport>;
export const SPORT_LABELS: Record<TSport, string> = {
  beach_volley: 'Beach volley',
  beach_tennis: 'Beach tennis',
  foot_volley: 'Foot volley',
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, z.because(validationMessages.atMostCharacters, { max }))
    .nullish()
    .transform((value) => value || null);
/** Metres with one decimal, typed as "16" or "16,5". */
const ZMetres = z
  .union([z.number(), z.string().trim()], z.because(setupMessages.measure))
  .transform((value) => String(value).replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,3}(\.\d)?$/, z.because(setupMessages.metresFormat)))
  .transform(Number)
  .refine((metres) => metres > 0, z.because(setupMessages.measurePositive));

export const ZSetupBody = z.object({
  name: z
    .string(z.because(validationMessages.required))
    .trim()
    .min(1, z.because(validationMessages.required))
    .max(100, z.because(validationMessages.atMostCharacters, { max: 100 })),
  sport: ZSport,
  net_height_cm: zTextInt({ number: setupMessages.netHeight, whole: setupMessages.netHeightWhole, min: setupMessages.netHeightMin, max: setupMessages.netHeightMax }, { min: 50, max: 400 }),
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
    setup_id: zRowId(setupMessages.pickSetup),
    valid_from: ZIsoDate,
    valid_to: ZIsoDate,
  })
  .refine((body) => body.valid_to >= body.valid_from, { ...z.because(validationMessages.endBeforeStart), path: ['valid_to'] });
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
