// The paged list ({ data, current_page, last_page, total, per_page }) and the query every
// back-office list takes.
import { validationMessages } from './messages.js';
import { zTextInt } from './integers.js';
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
    page: zTextInt(validationMessages.page, { min: 1 }).default(1),
    per_page: zTextInt({ number: validationMessages.perPage, max: validationMessages.perPageMax }, { min: 1, max: MAX_PER_PAGE }).default(defaultPerPage),
  });
