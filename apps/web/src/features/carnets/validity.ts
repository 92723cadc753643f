import type { TCarnetProduct } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate } from '../../lib/format';

/** When a carnet product is on sale and valid ("dal 01/06/2026 al 30/09/2026"), in the page's language. */
export function validityOf(i18n: I18n, product: Pick<TCarnetProduct, 'valid_from' | 'valid_until'>): string {
  const from = formatDate(product.valid_from);
  const to = formatDate(product.valid_until);
  return i18n._(msg`dal ${from} al ${to}`);
}
