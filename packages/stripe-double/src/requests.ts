// Reads the SDK's form-encoded parameters (already nested by qs, every leaf a string) into typed inputs,
// refusing what Stripe refuses with the same param names, so a mistake shows up in development and not in production.
import type Stripe from 'stripe';
import { invalidRequest } from './errors.js';

type Params = Record<string, unknown>;

export interface LineItemInput {
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface SessionInput {
  lineItems: LineItemInput[];
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Stripe.Metadata;
  paymentIntentMetadata: Stripe.Metadata;
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
  locale: Stripe.Checkout.Session.Locale | null;
}

export interface RefundInput {
  paymentIntent: string | null;
  charge: string | null;
  amount: number | null;
  reason: Stripe.Refund.Reason | null;
  metadata: Stripe.Metadata;
}

export interface ListInput {
  limit: number;
  startingAfter: string | null;
  endingBefore: string | null;
}

export interface BalanceTransactionListInput extends ListInput {
  type: string | null;
}

const DEFAULT_LIST_LIMIT = 10;
const MAX_LIST_LIMIT = 100;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
// A caller that computes `now + 30 min` reaches us a moment later; Stripe accepts that, so must we.
const EXPIRY_CLOCK_SLACK_SECONDS = 10;
const DEFAULT_EXPIRY_SECONDS = MAX_EXPIRY_SECONDS;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
/** The languages Checkout's page is shown in (`locale`), as Stripe lists them. */
const CHECKOUT_LOCALES: readonly string[] = [
  'auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt',
  'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
];

const isParams = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

function params(value: unknown, path: string): Params {
  if (value === undefined || value === '') return {};
  if (!isParams(value)) throw invalidRequest('Invalid object', path);
  return value;
}

function optionalString(value: unknown, path: string): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, path);
  return value;
}

function requiredString(value: unknown, path: string): string {
  const text = optionalString(value, path);
  if (text === null) throw invalidRequest(`Missing required param: ${path}.`, path, 'parameter_missing');
  return text;
}

function optionalInteger(value: unknown, path: string, min: number): number | null {
  const text = optionalString(value, path);
  if (text === null) return null;
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, path, 'parameter_invalid_integer');
  const number = Number(text);
  if (number < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, path);
  return number;
}

function requiredInteger(value: unknown, path: string, min: number): number {
  const number = optionalInteger(value, path, min);
  if (number === null) throw invalidRequest(`Missing required param: ${path}.`, path, 'parameter_missing');
  return number;
}

function url(value: unknown, path: string): string {
  const text = requiredString(value, path);
  // Only http(s): these URLs end up in the hosted page's links and redirects.
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw invalidRequest('Not a valid URL', path, 'url_invalid');
  return text;
}

// Stripe's limits: 50 keys, keys up to 40 characters, values up to 500; an empty value means "no such key".
function metadata(value: unknown, path: string): Stripe.Metadata {
  const entries = Object.entries(params(value, path));
  if (entries.length > 50) throw invalidRequest('Metadata can have a maximum of 50 keys.', path);
  const result: Stripe.Metadata = {};
  for (const [key, raw] of entries) {
    const text = optionalString(raw, `${path}[${key}]`);
    if (key.length > 40) throw invalidRequest('Metadata keys can have a maximum length of 40 characters.', `${path}[${key}]`);
    if (text !== null && text.length > 500) throw invalidRequest('Metadata values can have a maximum length of 500 characters.', `${path}[${key}]`);
    if (text !== null) result[key] = text;
  }
  return result;
}

function lineItem(value: unknown, path: string): LineItemInput {
  const item = params(value, path);
  if (item.price !== undefined) throw invalidRequest('The Stripe test double supports only line items with price_data, not Price ids.', `${path}[price]`);
  const priceData = params(item.price_data, `${path}[price_data]`);
  const productData = params(priceData.product_data, `${path}[price_data][product_data]`);
  const currency = requiredString(priceData.currency, `${path}[price_data][currency]`).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, `${path}[price_data][currency]`);
  return {
    name: requiredString(productData.name, `${path}[price_data][product_data][name]`),
    description: optionalString(productData.description, `${path}[price_data][product_data][description]`),
    currency,
    unitAmount: requiredInteger(priceData.unit_amount, `${path}[price_data][unit_amount]`, 0),
    quantity: requiredInteger(item.quantity, `${path}[quantity]`, 1),
  };
}

export function parseSessionCreate(body: unknown, now: number): SessionInput {
  const input = params(body, 'body');
  const mode = requiredString(input.mode, 'mode');
  if (mode !== 'payment') throw invalidRequest(`The Stripe test double supports only mode=payment, not ${mode}.`, 'mode');

  if (!Array.isArray(input.line_items) || input.line_items.length === 0) {
    throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  }
  const lineItems = input.line_items.map((item, index) => lineItem(item, `line_items[${index}]`));
  if (new Set(lineItems.map((item) => item.currency)).size > 1) throw invalidRequest('All line items must use the same currency.', 'line_items');

  const customerEmail = optionalString(input.customer_email, 'customer_email');
  if (customerEmail !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const clientReferenceId = optionalString(input.client_reference_id, 'client_reference_id');
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest('client_reference_id can have a maximum length of 200 characters.', 'client_reference_id');
  }

  const expiresAt = optionalInteger(input.expires_at, 'expires_at', 0) ?? now + DEFAULT_EXPIRY_SECONDS;
  if (expiresAt < now + MIN_EXPIRY_SECONDS - EXPIRY_CLOCK_SLACK_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
  }
  if (expiresAt > now + MAX_EXPIRY_SECONDS) {
    throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }

  const locale = optionalString(input.locale, 'locale');
  if (locale !== null && !CHECKOUT_LOCALES.includes(locale)) throw invalidRequest(`Invalid locale: ${locale}`, 'locale');

  return {
    lineItems,
    clientReferenceId,
    customerEmail,
    metadata: metadata(input.metadata, 'metadata'),
    paymentIntentMetadata: metadata(params(input.payment_intent_data, 'payment_intent_data').metadata, 'payment_intent_data[metadata]'),
    successUrl: url(input.success_url, 'success_url'),
    cancelUrl: url(input.cancel_url, 'cancel_url'),
    expiresAt,
    locale: locale as Stripe.Checkout.Session.Locale | null,
  };
}

export function parseRefundCreate(body: unknown): RefundInput {
  const input = params(body, 'body');
  const paymentIntent = optionalString(input.payment_intent, 'payment_intent');
  const charge = optionalString(input.charge, 'charge');
  if (paymentIntent === null && charge === null) throw invalidRequest('One of `payment_intent` or `charge` is required.', 'payment_intent', 'parameter_missing');
  const reason = optionalString(input.reason, 'reason');
  if (reason !== null && !REFUND_REASONS.includes(reason)) {
    throw invalidRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
  }
  return {
    paymentIntent,
    charge,
    amount: optionalInteger(input.amount, 'amount', 1),
    reason,
    metadata: metadata(input.metadata, 'metadata'),
  };
}

export function parseRefundFilter(query: unknown): { paymentIntent: string | null; charge: string | null } {
  const input = params(query, 'query');
  return { paymentIntent: optionalString(input.payment_intent, 'payment_intent'), charge: optionalString(input.charge, 'charge') };
}

// A filter Stripe has and the double does not is refused, not ignored: a silently unfiltered list would mislead.
export function parseBalanceTransactionList(query: unknown): BalanceTransactionListInput {
  const input = params(query, 'query');
  const unsupported = Object.keys(input).find((key) => !['limit', 'starting_after', 'ending_before', 'type', 'expand'].includes(key));
  if (unsupported !== undefined) throw invalidRequest(`The Stripe test double does not support ${unsupported} when listing balance transactions.`, unsupported);
  const limit = optionalInteger(input.limit, 'limit', 1) ?? DEFAULT_LIST_LIMIT;
  if (limit > MAX_LIST_LIMIT) throw invalidRequest(`This value must be less than or equal to ${MAX_LIST_LIMIT}.`, 'limit');
  const startingAfter = optionalString(input.starting_after, 'starting_after');
  const endingBefore = optionalString(input.ending_before, 'ending_before');
  if (startingAfter !== null && endingBefore !== null) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before', 'parameters_exclusive');
  }
  return { limit, startingAfter, endingBefore, type: optionalString(input.type, 'type') };
}

/** The `expand[]` list; the double can expand only what is listed in `supported`. */
export function parseExpand(query: unknown, supported: readonly string[]): string[] {
  const expand: unknown = params(query, 'query').expand ?? [];
  if (!Array.isArray(expand)) throw invalidRequest('Invalid array', 'expand');
  return expand.map((value, index) => {
    const field = requiredString(value, `expand[${index}]`);
    if (!supported.includes(field)) throw invalidRequest(`This property cannot be expanded (${field}) by the Stripe test double.`, `expand[${index}]`);
    return field;
  });
}
