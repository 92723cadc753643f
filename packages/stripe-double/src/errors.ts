// Errors in Stripe's wire shape, so that the real SDK raises its own error classes (StripeInvalidRequestError, ...).
export interface StripeErrorBody {
  error: { type: string; message: string; code?: string; param?: string };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toJSON(): StripeErrorBody {
    const { type = 'invalid_request_error', code, param } = this.details;
    return { error: { type, message: this.message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) => new StripeApiError(400, message, { param, code });

export const noSuch = (object: string, id: string, param: string) =>
  new StripeApiError(404, `No such ${object}: '${id}'`, { code: 'resource_missing', param });
