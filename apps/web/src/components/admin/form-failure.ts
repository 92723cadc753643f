// How a failed save becomes what a back-office form shows: the field messages under their fields and
// one line above the buttons (the server's words for a 4xx, a generic retry message otherwise).
import { ApiError } from '../../lib/api-transport';

export interface FormFailure {
  message: string;
  fields: Record<string, string[]>;
}

export function formFailure(error: unknown, fallback: string): FormFailure {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { message: error.message, fields: error.errors ?? {} };
  return { message: fallback, fields: {} };
}
