// Users in the back-office (spec §6, design §8).
import { ZIsoDate, ZRole } from './auth.js';
import { defineRoute } from './http.js';
import { z } from './zod-italian.js';

export const ZMemberSearchResult = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: ZIsoDate.nullable(),
  /** From the member's latest card, to fill the desk form. */
  fiscal_code: z.string().nullable(),
});
export type TMemberSearchResult = z.infer<typeof ZMemberSearchResult>;

export const usersRoutes = {
  search: defineRoute({
    method: 'get',
    path: '/api/admin/users/search',
    summary: 'Cerca un tesserato per nome, e-mail o codice fiscale (al massimo 10 risultati)',
    tag: 'users',
    access: 'admin',
    query: z.object({ q: z.string().trim().min(2, 'Scrivi almeno 2 caratteri.').max(100) }),
    response: z.object({ data: z.array(ZMemberSearchResult) }),
  }),
  changeRole: defineRoute({
    method: 'put',
    path: '/api/admin/users/:id/role',
    summary: 'Cambia il ruolo di un altro utente (mai il proprio; l’ultimo amministratore resta tale)',
    tag: 'users',
    access: 'admin',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({ role: z.enum(ZRole.options, { error: 'Ruolo non valido: scegli tra utente, staff e admin.' }) }),
    response: z.object({ message: z.string(), user: z.object({ id: z.number().int(), role: ZRole }) }),
  }),
};
