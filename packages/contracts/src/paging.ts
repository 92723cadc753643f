// The paged list ({ data, current_page, last_page, total, per_page }) and the query every
// back-office list takes.
import { validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

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

export const ZSortOrder = z.enum(['asc', 'desc'], z.because(validationMessages.sortOrder));

/** page and per_page, with the screen's page size as the default. */
export const pageQuery = (defaultPerPage: number) =>
  z.object({
    page: z.coerce.number(z.because(validationMessages.page)).int(z.because(validationMessages.page)).min(1, z.because(validationMessages.page)).default(1),
    per_page: z.coerce
      .number(z.because(validationMessages.perPage))
      .int(z.because(validationMessages.perPage))
      .min(1, z.because(validationMessages.perPage))
      .max(MAX_PER_PAGE, z.because(validationMessages.perPageMax, { max: MAX_PER_PAGE }))
      .default(defaultPerPage),
  });
