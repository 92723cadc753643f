// A member's carnets (docs/domain.md#carnets): the ones they hold, and buying one online — by card
// through Stripe Checkout, or with their credit at once.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, credit, post, INSUFFICIENT_CREDIT, spendingLegs, walletOf } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { carnetBoughtEmail } from './carnets.emails.js';
import type { CarnetProducts } from './carnet-products.js';
import { carnetMessages, type CarnetRow, carnetTitle, newCarnet, toCarnetDto } from './carnet-terms.js';

export function createMemberCarnets(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, { productOnSale }: CarnetProducts) {
  const { db } = deps;

  /** The member is told their carnet is theirs (bought online, by card or credit), once: queued with it. */
  const tellBought = (
    tx: Prisma.TransactionClient,
    user: { email: string; firstName: string; locale: string },
    carnet: CarnetRow,
    paidWith: 'card' | 'credit',
  ) =>
    deps.jobs.send('send-email', carnetBoughtEmail(user, toCarnetDto(carnet, todayInRome()), paidWith, `${webOriginOf(deps.config)}/profilo`), { tx });

  const carnetsOf = async (userId: number) => {
    const rows = await db.carnet.findMany({ where: { userId }, include: { product: true }, orderBy: [{ validUntil: 'desc' }, { id: 'desc' }] });
    const today = todayInRome();
    return { data: rows.map((row) => toCarnetDto(row, today)) };
  };

  return {
    tellBought,

    mine: (user: User) => carnetsOf(user.id),

    async ofMember(userId: number) {
      if (!(await db.user.findUnique({ where: { id: userId } }))) throw notFound('Utente non trovato.');
      return carnetsOf(userId);
    },

    async buy(user: User, { product_id }: BodyOf<typeof api.carnets.buy>) {
      const product = await productOnSale(product_id, todayInRome());
      // A free carnet has nothing to pay online: the desk gives it.
      if (product.priceCents === 0) throw invalid({ product_id: [carnetMessages.notOnSale] });
      const checkoutUrl = await checkouts.open({
        kind: 'carnet',
        targetId: user.id,
        customer: user,
        amountCents: product.priceCents,
        itemName: carnetTitle(product.name),
        cancelPath: '/profilo?pagamento=annullato',
        carnetProductId: product.id,
      });
      return { checkout_url: checkoutUrl };
    },

    /**
     * Bought with the member's credit, all of it: the wallet is locked while read, the carnet made and its
     * value moved from the credit to the carnet's account in one entry (no money comes in, so no receipt:
     * the top-up's receipt covers it).
     */
    async payWithCredit(user: User, { product_id }: BodyOf<typeof api.carnets.payWithCredit>) {
      const product = await productOnSale(product_id, todayInRome());
      if (product.priceCents === 0) throw invalid({ product_id: [carnetMessages.notOnSale] });
      const carnet = await db.$transaction(async (tx) => {
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), product.priceCents);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { product_id: [INSUFFICIENT_CREDIT] });
        const made = await newCarnet(tx, product, user.id, { transactionId: null, createdById: null });
        await post(tx, {
          key: `carnet:${made.id}:credit`,
          kind: 'carnet_sale',
          description: `${carnetTitle(product.name)} pagato con il credito`,
          userId: user.id,
          carnetId: made.id,
          legs: [...legs, credit(accounts.carnet(made.id, user.id), product.priceCents)],
        });
        await tellBought(tx, user, made, 'credit');
        return made;
      }, TRANSACTION_OPTIONS);
      return { message: carnetMessages.boughtWithCredit, carnet: toCarnetDto(carnet, todayInRome()) };
    },
  };
}

export type MemberCarnets = ReturnType<typeof createMemberCarnets>;
