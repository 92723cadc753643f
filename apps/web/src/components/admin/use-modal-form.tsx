// A back-office form in a modal: it starts afresh each time it opens for a subject, the
// required fields are checked before anything is sent (each empty one says so under itself, the alert
// sums up), and the server's field messages appear under their fields only; the alert keeps what
// belongs to no field of the form.
import { REQUIRED_MESSAGE } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../ui/alert';
import { serverMessage } from '../../lib/api-errors';
import { formFailure } from './form-failure';

export function useModalForm<Form extends Record<string, string>>({
  open,
  subject,
  initial,
  required,
  messages,
}: {
  open: boolean;
  /** What is being edited (null for a new one): a change starts the form afresh. */
  subject: unknown;
  initial: () => Form;
  required: (keyof Form)[];
  messages: { required: string; failed: string };
}) {
  const [form, setForm] = useState<Form>(initial);
  const [shownFor, setShownFor] = useState<{ open: boolean; subject: unknown }>({ open: false, subject: null });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  // Adjusted during render (React's pattern for state that follows a prop).
  if (shownFor.open !== open || shownFor.subject !== subject) {
    setShownFor({ open, subject });
    setForm(initial());
    setError(null);
    setFieldErrors({});
  }

  /** Props for an Input or Select bound to one field. */
  const field = (name: keyof Form & string) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: fieldErrors[name],
  });

  /** The form's onSubmit: `send` saves; its failure is explained on the form. */
  const submit = (send: (form: Form) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const missing = required.filter((name) => !form[name]?.trim());
    setFieldErrors(Object.fromEntries(missing.map((name) => [name, [REQUIRED_MESSAGE]])));
    if (missing.length) return setError(messages.required);
    setError(null);
    try {
      await send(form);
    } catch (failure) {
      const { fields } = formFailure(failure, messages.failed);
      setFieldErrors(fields);
      const placed = Object.keys(fields).length > 0;
      const elsewhere = Object.entries(fields).flatMap(([name, texts]) => (name in form ? [] : texts));
      const explained = placed ? elsewhere.join('\n') : serverMessage(failure);
      setError(explained ? `Errore:\n${explained}` : placed ? null : messages.failed);
    }
  };

  const errorAlert = error && (
    <div className="sm:col-span-2">
      <Alert tone="error">
        <span className="whitespace-pre-line">{error}</span>
      </Alert>
    </div>
  );

  return { form, field, submit, errorAlert };
}
