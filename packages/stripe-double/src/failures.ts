// Failures that tests inject: the next matching /v1 requests answer a Stripe-shaped error, before or after taking effect.
import { StripeApiError } from './errors.js';

export interface FailureMatch {
  method: 'GET' | 'POST';
  /** A path prefix, e.g. '/v1/refunds'. */
  path: string;
}

export interface FailureOptions {
  /** Default 1. */
  count?: number;
  /** Default 500. */
  status?: number;
  /** Stripe's error type; default 'api_error'. */
  type?: string;
  code?: string;
  message?: string;
  /**
   * The request takes effect (its answer kept under its Idempotency-Key, as Stripe keeps it) and only the answer the client sees is
   * the error; a request that fails on its own answers its own error.
   */
  afterPerforming?: boolean;
}

interface Rule {
  match: FailureMatch;
  remaining: number;
  options: FailureOptions;
}

export interface Failure {
  error: StripeApiError;
  afterPerforming: boolean;
}

export class Failures {
  private readonly rules: Rule[] = [];

  add(match: FailureMatch, options: FailureOptions = {}): void {
    const { count = 1, status = 500 } = options;
    if (!Number.isInteger(count) || count < 1) throw new Error(`failNext: count must be a positive integer, not ${count}.`);
    if (!Number.isInteger(status) || status < 400 || status > 599) throw new Error(`failNext: status must be an error status (400–599), not ${status}.`);
    this.rules.push({ match, remaining: count, options });
  }

  /** The failure this request meets, if one is pending; each request meeting it uses one of its count. */
  take(method: string, path: string): Failure | undefined {
    const rule = this.rules.find(({ match }) => match.method === method && path.startsWith(match.path));
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining === 0) this.rules.splice(this.rules.indexOf(rule), 1);
    const { status = 500, type = 'api_error', code, message = `Failure injected by the Stripe test double (failNext) for ${method} ${path}.` } = rule.options;
    return { error: new StripeApiError(status, message, { type, code }), afterPerforming: rule.options.afterPerforming ?? false };
  }

  clear(): void {
    this.rules.length = 0;
  }
}
