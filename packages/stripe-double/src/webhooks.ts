// Signed webhook deliveries, as Stripe makes them: the event as JSON, a Stripe-Signature header, retries on failure.
import Stripe from 'stripe';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  /** The HTTP status the webhook answered, 0 if it could not be reached. */
  status: number;
  /** Why it failed: the network error, or the start of a non-2xx answer. */
  error: string | null;
  at: Date;
}

// Stripe retries for days; the double retries a few times, quickly, so a webhook that was restarting still gets the event.
const RETRY_DELAYS_MS = [500, 2_000, 5_000];
const TIMEOUT_MS = 10_000;

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly closing = new AbortController();
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(
    private readonly secret: string,
    public url: string | undefined,
    public autoDeliver: boolean,
    private readonly onDelivery: ((delivery: WebhookDelivery) => void) | undefined,
  ) {}

  /** One signed POST of the event; resolves with the HTTP status, 0 if unreachable (or no webhook URL is set). */
  async deliver(event: Stripe.Event, attempt = 1): Promise<number> {
    const url = this.url;
    if (!url) return 0;
    const payload = JSON.stringify(event);
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, url, attempt, status: 0, error: null, at: new Date() };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret }) },
        body: payload,
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      delivery.status = response.status;
      const body = await response.text();
      if (!response.ok) delivery.error = body.slice(0, 300);
    } catch (error) {
      delivery.error = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    this.deliveries.push(delivery);
    this.onDelivery?.(delivery);
    return delivery.status;
  }

  /** Delivers a new event when auto-delivery is on: resolves after the first attempt, retries a failure in the background. */
  async dispatch(event: Stripe.Event): Promise<void> {
    if (!this.autoDeliver || !this.url) return;
    const status = await this.deliver(event);
    if (!isSuccess(status)) this.retryLater(event, 1);
  }

  close(): void {
    this.closing.abort();
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
  }

  private retryLater(event: Stripe.Event, retry: number): void {
    const delay = RETRY_DELAYS_MS[retry - 1];
    if (delay === undefined || this.closing.signal.aborted) return;
    const timer = setTimeout(async () => {
      this.retries.delete(timer);
      if (!this.autoDeliver || this.closing.signal.aborted) return;
      const status = await this.deliver(event, retry + 1);
      if (!isSuccess(status)) this.retryLater(event, retry + 1);
    }, delay);
    timer.unref();
    this.retries.add(timer);
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;
