// The paged list ({ data, current_page, last_page, total, per_page }) and the query every
// back-office list takes.
import * as z from './zod-italian.js';

export const pagedListOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
    per_page: z.number().int(),
  });

/** A back-office list never sends more than this many rows per page. */
export const MAX_PER_PAGE = 100;

export const ZSortOrder = z.enum(['asc', 'desc'], { error: 'Ordine non valido: usa asc o desc.' });

/** page and per_page, with the screen's page size as the default. */
export const pageQuery = (defaultPerPage: number) =>
  z.object({
    page: z.coerce.number({ error: 'Pagina non valida.' }).int('Pagina non valida.').min(1, 'Pagina non valida.').default(1),
    per_page: z.coerce
      .number({ error: 'Numero di righe non valido.' })
      .int('Numero di righe non valido.')
      .min(1, 'Numero di righe non valido.')
      .max(MAX_PER_PAGE, `Al massimo ${MAX_PER_PAGE} righe per pagina.`)
      .default(defaultPerPage),
  });
