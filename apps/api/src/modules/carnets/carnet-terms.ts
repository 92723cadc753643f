// The terms every part of carnets shares (docs/domain.md#carnets): its messages, how a product and a
// carnet are shown, and how a carnet is made — by a payment, its value owed back as its uses.
import { centsToMoney, defineMessages, type TCarnet, type TCarnetProduct } from '@beach/contracts';
import type { Carnet, CarnetProduct, Prisma, Transaction } from '../../generated/prisma/client.js';
import { toIsoDate } from '../../lib/time.js';
import { accounts, moneyAccount, credit, debit, post } from '../ledger/index.js';

export const carnetMessages = defineMessages({
  productNotFound: /* i18n */ { id: 'api.carnets.product_not_found', message: 'Carnet non trovato.' },
  unknownCourts: /* i18n */ { id: 'api.carnets.unknown_courts', message: 'Uno o più campi non esistono o non sono prenotabili.' },
  notOnSale: /* i18n */ { id: 'api.carnets.not_on_sale', message: 'Questo carnet non è in vendita o è scaduto.' },
  sold: /* i18n */ { id: 'api.carnets.sold', message: 'Carnet venduto.' },
  boughtWithCredit: /* i18n */ { id: 'api.carnets.bought_with_credit', message: 'Carnet acquistato con il tuo credito: puoi già usarlo.' },
  notPayable: /* i18n */ { id: 'api.carnets.not_payable', message: 'La prenotazione non è più in attesa di pagamento.' },
  noneUsable: /* i18n */ { id: 'api.carnets.none_usable', message: 'Non hai un carnet valido con ingressi rimasti: è scaduto o esaurito.' },
  notCovered: /* i18n */ { id: 'api.carnets.not_covered', message: 'Nessuno dei tuoi carnet copre questa prenotazione (fascia o campo diversi).' },
  usedUp: /* i18n */ { id: 'api.carnets.used_up', message: 'Il carnet non ha più ingressi.' },
  bookingPaid: /* i18n */ { id: 'api.carnets.booking_paid', message: 'La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.' },
  bookingPaidCourt: /* i18n */ { id: 'api.carnets.booking_paid_court', message: 'Campo pagato con un ingresso del carnet: vale per tutti i giocatori.' },
});

export type CarnetRow = Carnet & { product: CarnetProduct };

export const toProductDto = (product: CarnetProduct): TCarnetProduct => ({
  id: product.id,
  name: product.name,
  uses: product.uses,
  band: product.band,
  covers: product.covers,
  court_ids: product.courtIds,
  price: centsToMoney(product.priceCents),
  valid_from: toIsoDate(product.validFrom),
  valid_until: toIsoDate(product.validUntil),
  is_active: product.isActive,
});

export const toCarnetDto = (carnet: CarnetRow, today: string): TCarnet => ({
  id: carnet.id,
  product: { id: carnet.product.id, name: carnet.product.name, band: carnet.product.band, covers: carnet.product.covers, court_ids: carnet.product.courtIds },
  uses_total: carnet.usesTotal,
  uses_left: carnet.usesLeft,
  valid_from: toIsoDate(carnet.validFrom),
  valid_until: toIsoDate(carnet.validUntil),
  usable: toIsoDate(carnet.validUntil) >= today,
  created_at: carnet.createdAt.toISOString(),
});

/** A product already called "Carnet …" is not called "Carnet Carnet …" on the receipt and in the books. */
export const carnetTitle = (name: string) => (/^carnet\b/i.test(name) ? name : `Carnet ${name}`);

export const newCarnet = (tx: Prisma.TransactionClient, product: CarnetProduct, userId: number, origin: { transactionId: number | null; createdById: number | null }) =>
  tx.carnet.create({
    data: { userId, productId: product.id, usesTotal: product.uses, usesLeft: product.uses, validFrom: product.validFrom, validUntil: product.validUntil, ...origin },
    include: { product: true },
  });

/**
 * The carnet a completed payment buys, with the product's uses and validity as they are now, and the
 * money received owed back as its uses (the carnet's account holds it).
 */
export async function issue(tx: Prisma.TransactionClient, product: CarnetProduct, userId: number, payment: Transaction, createdById: number | null) {
  const carnet = await newCarnet(tx, product, userId, { transactionId: payment.id, createdById });
  await post(tx, {
    key: `payment:${payment.id}`,
    kind: 'carnet_sale',
    description: payment.description,
    createdById,
    userId,
    carnetId: carnet.id,
    transactionId: payment.id,
    legs: [debit(moneyAccount(payment.method), payment.amountCents), credit(accounts.carnet(carnet.id, userId), payment.amountCents)],
  });
  return carnet;
}
