// A carnet sold at the desk (docs/domain.md#carnets): the completed payment (its receipt follows) and
// the carnet, together.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { refuseOwnMoney } from '../auth/index.js';
import type { CarnetProducts } from './carnet-products.js';
import { carnetMessages, carnetTitle, issue, toCarnetDto } from './carnet-terms.js';

export function createCarnetDeskSale({ db }: Pick<AppDeps, 'db'>, { productOnSale }: CarnetProducts) {
  return {
    /** Sold at the desk: the completed payment (its receipt follows) and the carnet, together. */
    async sell(staff: User, userId: number, { product_id, method }: BodyOf<typeof api.carnets.sell>) {
      if (!(await db.user.findUnique({ where: { id: userId } }))) throw notFound('Utente non trovato.');
      refuseOwnMoney(staff, [userId]);
      const today = todayInRome();
      const product = await productOnSale(product_id, today);
      const carnet = await db.$transaction(async (tx) => {
        const payment = await tx.transaction.create({
          data: { kind: 'carnet', userId, carnetProductId: product.id, amountCents: product.priceCents, method, status: 'completed', paidAt: new Date(), description: carnetTitle(product.name) },
        });
        return auditRow(tx, { entity: 'carnets', action: 'sell' }, () => issue(tx, product, userId, payment, staff.id));
      }, TRANSACTION_OPTIONS);
      return { message: carnetMessages.sold, carnet: toCarnetDto(carnet, today) };
    },
  };
}
