// How a failed call becomes a message on screen: the server's own words when it explained a refusal
// (a 4xx), the connection's message when no answer came, otherwise the screen's fallback.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from './api-transport';

/**
 * The server's own words for a refusal it explained (a 4xx with a message; field messages joined
 * by line), or null when there was no usable answer (no connection, a server error).
 */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.details : null;
}

const UNEXPECTED = msg`Si è verificato un errore imprevisto.`;
/** What a form says when a save fails and nothing more is known, in the page's language. */
export const unexpectedMessage = () => i18n._(UNEXPECTED);

/** A 403: the session lacks the right (e.g. demoted while the screen was open). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

export interface FormFailure {
  /** Server messages for the form's own fields, to show under each field. */
  fields: [field: string, message: string][];
  /** What the form's alert says: null when every message found its field. */
  message: string | null;
}

/**
 * What a failed save means for a form. A refusal's field messages go under the form's fields and
 * only the rest goes to the alert (a message is never shown twice); a refusal with no field
 * messages is said in the server's words; `prefix` ("Errore: " in the back-office) comes before the
 * server's words. With no answer the alert says so (check the connection); a server error gets
 * `fallback`.
 */
export function formFailure(error: unknown, formFields: readonly string[], fallback: string, prefix = ''): FormFailure {
  if (!(error instanceof ApiError)) return { fields: [], message: fallback };
  if (error.status === 0) return { fields: [], message: error.message };
  if (error.status >= 500) return { fields: [], message: fallback };
  if (!error.errors) return { fields: [], message: prefix + error.message };
  const fields: FormFailure['fields'] = [];
  const elsewhere: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    // A message for part of a field (`entries.2.amount`) stays with that field.
    if (formFields.includes(field.split('.')[0]!)) fields.push([field, messages.join('\n')]);
    else elsewhere.push(...messages);
  }
  return { fields, message: elsewhere.length ? prefix + elsewhere.join('\n') : null };
}
