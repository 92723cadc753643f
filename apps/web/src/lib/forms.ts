// Bridges API validation errors into react-hook-form: each field message under its field, the
// rest in one message for the form's alert (joined by line).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-transport';

export function applyApiError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string {
  if (!(error instanceof ApiError)) return 'Si è verificato un errore imprevisto.';
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: messages.join('\n') });
    else unplaced.push(...messages);
  }
  return unplaced.length ? unplaced.join('\n') : error.errors ? '' : error.message;
}
