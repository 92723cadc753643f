// The carnets on sale (docs/domain.md#carnets): the admin's products, made and changed, and those a
// member can buy today.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import { carnetMessages, toProductDto } from './carnet-terms.js';

export function createCarnetProducts({ db }: Pick<AppDeps, 'db'>) {
  const productData = async (body: BodyOf<typeof api.carnets.createProduct>): Promise<Prisma.CarnetProductUncheckedCreateInput> => {
    const courtIds = [...new Set(body.court_ids)].sort((a, b) => a - b);
    const bookable = await db.court.count({ where: { id: { in: courtIds }, purpose: 'bookable' } });
    if (bookable !== courtIds.length) throw invalid({ court_ids: [carnetMessages.unknownCourts] });
    return {
      name: body.name,
      uses: body.uses,
      band: body.band,
      covers: body.covers,
      courtIds,
      priceCents: body.price,
      validFrom: fromIsoDate(body.valid_from),
      validUntil: fromIsoDate(body.valid_until),
      isActive: body.is_active,
    };
  };

  /** A product on sale today: switched on and not past its last day. */
  async function productOnSale(productId: number, today: string) {
    const product = await db.carnetProduct.findUnique({ where: { id: productId } });
    if (!product || !product.isActive || toIsoDate(product.validUntil) < today) throw invalid({ product_id: [carnetMessages.notOnSale] });
    return product;
  }

  return {
    productOnSale,

    async onSale() {
      const today = fromIsoDate(todayInRome());
      const rows = await db.carnetProduct.findMany({ where: { isActive: true, validUntil: { gte: today }, priceCents: { gt: 0 } }, orderBy: [{ priceCents: 'asc' }, { id: 'asc' }] });
      return { data: rows.map(toProductDto) };
    },

    products: async () => ({ data: (await db.carnetProduct.findMany({ orderBy: { id: 'desc' } })).map(toProductDto) }),

    async createProduct(body: BodyOf<typeof api.carnets.createProduct>) {
      const data = await productData(body);
      const created = await db.$transaction(
        (tx) => auditRow(tx, { entity: 'carnet_products', action: 'create' }, () => tx.carnetProduct.create({ data })),
        TRANSACTION_OPTIONS,
      );
      return toProductDto(created);
    },

    async updateProduct(id: number, body: BodyOf<typeof api.carnets.updateProduct>) {
      if (!(await db.carnetProduct.findUnique({ where: { id } }))) throw notFound(carnetMessages.productNotFound);
      const data = await productData(body);
      const updated = await db.$transaction(
        (tx) => auditRow(tx, { entity: 'carnet_products', id, action: 'update' }, () => tx.carnetProduct.update({ where: { id }, data })),
        TRANSACTION_OPTIONS,
      );
      return toProductDto(updated);
    },
  };
}

export type CarnetProducts = ReturnType<typeof createCarnetProducts>;
