// A back-office form in a modal (spec §5, §8): it starts afresh each time it opens for a subject, the
// required fields are checked before anything is sent, and the server's field messages appear under
// their fields and, joined by line, after 'Errore:' in the form's alert.
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
    setFieldErrors({});
    if (required.some((name) => !form[name]?.trim())) return setError(messages.required);
    setError(null);
    try {
      await send(form);
    } catch (failure) {
      const explained = serverMessage(failure);
      setFieldErrors(formFailure(failure, messages.failed).fields);
      setError(explained ? `Errore:\n${explained}` : messages.failed);
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
