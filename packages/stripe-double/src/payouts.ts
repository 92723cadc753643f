// Payouts: Stripe paying the available balance out to the centre's bank. A payout takes every balance
// transaction not paid out yet (its fees, as Stripe's own `stripe_fee` transactions, included) and moves their
// net to the bank; `GET /v1/balance_transactions?payout=po_…` lists what it paid out, as Stripe does for
// automatic payouts. No webhook: our API reads payouts when it matches a bank statement.
import type { Express, Request, RequestHandler, Response } from 'express';
import type Stripe from 'stripe';
import { invalidRequest, noSuch } from './errors.js';
import { newId, nowSeconds, type BalanceTransaction, type Store } from './store.js';

export type Payout = Pick<Stripe.Payout, 'id' | 'object' | 'amount' | 'arrival_date' | 'automatic' | 'balance_transaction' | 'created' | 'currency' | 'livemode' | 'method' | 'status' | 'type'>;

type Api = (handler: (req: Request) => unknown) => (req: Request, res: Response) => void;

export class Payouts {
  private readonly payouts: Payout[] = [];
  /** Which payout paid out each balance transaction. */
  private readonly paidBy = new Map<string, string>();

  constructor(private readonly store: Store) {}

  /**
   * Pays out everything not paid out yet, less `fee` (a `stripe_fee` balance transaction made first), arriving
   * on `arrivalDate` (Unix seconds, default now). Refuses an empty or negative balance, as Stripe does.
   */
  payOutBalance({ fee = 0, arrivalDate = nowSeconds() }: { fee?: number; arrivalDate?: number } = {}): Payout {
    if (fee > 0) this.store.addBalanceTransaction({ type: 'stripe_fee', reporting_category: 'fee', amount: -fee, currency: 'eur', source: null });
    const unpaid = this.store.allBalanceTransactions().filter((one) => one.type !== 'payout' && !this.paidBy.has(one.id));
    const amount = unpaid.reduce((sum, one) => sum + one.net, 0);
    if (amount <= 0) throw invalidRequest('You have insufficient funds in your Stripe account for this transfer.', 'amount');
    const id = newId('po');
    const paidOut = this.store.addBalanceTransaction({ type: 'payout', reporting_category: 'payout', amount: -amount, currency: 'eur', source: id });
    for (const one of unpaid) this.paidBy.set(one.id, id);
    this.paidBy.set(paidOut.id, id);
    const payout: Payout = {
      id, object: 'payout', amount, arrival_date: arrivalDate, automatic: true, balance_transaction: paidOut.id, created: nowSeconds(),
      currency: 'eur', livemode: false, method: 'standard', status: 'paid', type: 'bank_account',
    };
    this.payouts.push(payout);
    return payout;
  }

  payout(id: string): Payout {
    const payout = this.payouts.find((one) => one.id === id);
    if (!payout) throw noSuch('payout', id, 'id');
    return payout;
  }

  /** Newest first, those arriving within `arrival_date[gte]` and `arrival_date[lte]` when given. */
  list(query: Request['query']): Payout[] {
    const arrival = (query.arrival_date ?? {}) as Record<string, string | undefined>;
    const gte = arrival.gte === undefined ? -Infinity : Number(arrival.gte);
    const lte = arrival.lte === undefined ? Infinity : Number(arrival.lte);
    return this.payouts.filter((one) => one.arrival_date >= gte && one.arrival_date <= lte).toReversed();
  }

  transactionsOf(payoutId: string): BalanceTransaction[] {
    this.payout(payoutId);
    return this.store.allBalanceTransactions().filter((one) => this.paidBy.get(one.id) === payoutId).toReversed();
  }
}

/** The payout calls, mounted before the double's other balance transaction routes. */
export function registerPayoutRoutes(app: Express, payouts: Payouts, api: Api) {
  app.get('/v1/payouts', api((req) => ({ object: 'list', data: payouts.list(req.query), has_more: false, url: '/v1/payouts' })));
  app.get('/v1/payouts/:id', api((req) => payouts.payout(String(req.params.id))));
  const listOfPayout = api((req) => ({ object: 'list', data: payouts.transactionsOf(String(req.query.payout)), has_more: false, url: '/v1/balance_transactions' }));
  const byPayout: RequestHandler = (req, res, next) => (typeof req.query.payout === 'string' ? listOfPayout(req, res) : next());
  app.get('/v1/balance_transactions', byPayout);
}
