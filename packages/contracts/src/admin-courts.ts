// Courts back-office (/admin/campi, docs/domain.md#courts): the courts' details and their closures. A new
// closure answers with the live bookings it hits, so staff can move or cancel them.
import { ZIsoDate } from './auth.js';
import { COURT_ROWS, ZCourt, ZCourtId, ZCourtPurpose } from './courts.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const adminCourtMessages = defineMessages({
  row: /* i18n */ { id: 'admin_courts.row', message: 'Fila non valida.' },
  negativePosition: /* i18n */ { id: 'admin_courts.negative_position', message: 'La posizione non può essere negativa.' },
  purpose: /* i18n */ { id: 'admin_courts.purpose', message: 'Destinazione non valida.' },
  instant: /* i18n */ { id: 'admin_courts.instant', message: 'Inserisci data e ora valide.' },
  endBeforeStart: /* i18n */ { id: 'admin_courts.end_before_start', message: 'La fine deve seguire l’inizio.' },
});

const required = (max: number) =>
  z
    .string(z.because(validationMessages.required))
    .trim()
    .min(1, z.because(validationMessages.required))
    .max(max, z.because(validationMessages.atMostCharacters, { max }));

export const ZCourtEditBody = z.object({
  name: required(100),
  code: required(10).transform((code) => code.toUpperCase()),
  row: z.enum(COURT_ROWS, z.because(adminCourtMessages.row)).nullable(),
  position: zTextInt({ number: validationMessages.number, whole: validationMessages.integer, min: adminCourtMessages.negativePosition, max: validationMessages.atMost }, { min: 0, max: 99 }),
  purpose: z.enum(ZCourtPurpose.options, z.because(adminCourtMessages.purpose)),
  has_lights: z.boolean(),
  is_bookable: z.boolean(),
  description: z.string().trim().max(255, z.because(validationMessages.atMostCharacters, { max: 255 })).nullish().transform((value) => value || null),
});
export type TCourtEditBody = z.input<typeof ZCourtEditBody>;

const ZInstant = z.iso.datetime({ offset: true, ...z.because(adminCourtMessages.instant) });

export const ZClosureBody = z
  .object({
    court_id: ZCourtId,
    starts_at: ZInstant,
    ends_at: ZInstant,
    reason: required(255),
  })
  .refine((body) => new Date(body.ends_at) > new Date(body.starts_at), { ...z.because(adminCourtMessages.endBeforeStart), path: ['ends_at'] });
export type TClosureBody = z.input<typeof ZClosureBody>;

export const ZCourtClosure = z.object({
  id: z.number().int(),
  court: ZCourt.pick({ id: true, code: true, name: true }),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
  created_by: z.string().nullable(),
});
export type TCourtClosure = z.infer<typeof ZCourtClosure>;

/** A live booking (not cancelled or expired) inside a new closure. */
export const ZClosureHitBooking = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  customer: z.string(),
});
export type TClosureHitBooking = z.infer<typeof ZClosureHitBooking>;

export const ZClosuresQuery = z.object({
  /** Closures that end on or after this day (default: all). */
  from: ZIsoDate.optional(),
});

export const adminCourtsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/courts',
    summary: 'Campi con tutti i dettagli, in ordine di mappa',
    tag: 'admin-courts',
    access: 'admin',
    response: z.object({ data: z.array(ZCourt) }),
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/courts/:id',
    summary: 'Modifica un campo: nome, codice, fila, posizione, destinazione, luci, prenotabile, descrizione',
    tag: 'admin-courts',
    access: 'admin',
    params: ZIdParams,
    body: ZCourtEditBody,
    response: ZCourt,
  }),
  closures: defineRoute({
    method: 'get',
    path: '/api/admin/court-closures',
    summary: 'Chiusure dei campi, dalla più vicina',
    tag: 'admin-courts',
    access: 'admin',
    query: ZClosuresQuery,
    response: z.object({ data: z.array(ZCourtClosure) }),
  }),
  createClosure: defineRoute({
    method: 'post',
    path: '/api/admin/court-closures',
    summary: 'Chiude un campo per un periodo; risponde con le prenotazioni attive che la chiusura tocca',
    tag: 'admin-courts',
    access: 'admin',
    body: ZClosureBody,
    successStatus: 201,
    response: z.object({ closure: ZCourtClosure, affected_bookings: z.array(ZClosureHitBooking) }),
  }),
  removeClosure: defineRoute({
    method: 'delete',
    path: '/api/admin/court-closures/:id',
    summary: 'Elimina una chiusura',
    tag: 'admin-courts',
    access: 'admin',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
};
