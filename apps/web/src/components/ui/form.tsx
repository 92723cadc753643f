// The one way a form is written: react-hook-form checked by a zod schema (the contract's request
// body, or a screen's own schema built from the contract's pieces), the fields' messages under the
// fields in the page's language, and a failed save explained by the one server-error mapper (`formFailure`).
import { z } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions, type Resolver, type UseFormProps } from 'react-hook-form';
import { formFailure, unexpectedMessage } from '../../lib/api-errors';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';

type FormSchema = z.ZodType<unknown, FieldValues>;

/** The fields an object schema names, through pipes (a form's values shaped into a request body). */
const fieldsOf = (schema: z.core.$ZodType): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : schema instanceof z.ZodPipe ? [...fieldsOf(schema.in), ...fieldsOf(schema.out)] : [];

interface ZodFormOptions<S extends FormSchema, Raw extends boolean> extends Pick<UseFormProps<z.input<S>>, 'mode' | 'reValidateMode' | 'values'> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * true (the default): `send` gets the values as typed: a contract's request body as it is (the
   * server parses it with the same schema), or a form's own values, which the screen shapes into the
   * body (its schema then ends in `.transform(toBody).pipe(ZBody)`, so the body is checked too).
   * false: `send` gets the schema's output (a schema that builds the body itself).
   */
  raw?: Raw;
  messages?: {
    /** The alert when a save fails with no explanation (a server error); a general one if not given. */
    failed?: string;
    /** The alert when a required field is empty (each empty field also says so under itself). */
    required?: string;
    /** Before the server's own words in the alert ("Errore: " in the back-office). */
    prefix?: string;
  };
}

export function useZodForm<S extends FormSchema, Raw extends boolean = true>({ schema, defaultValues, raw, messages = {}, ...options }: ZodFormOptions<S, Raw>) {
  type Values = Raw extends false ? z.output<S> : z.input<S>;
  // Each parse words its issues in the page's language (the `contracts` part, loaded beside each screen's
  // words); the map reads the language when an issue is made, so a switch applies to the next check.
  const { i18n } = useLingui();
  const parseOptions = { error: z.errorMapFor(i18n) };
  // The resolver's overloads tell raw from parsed by a literal; `Values` above says the same.
  const resolver = (raw === false ? zodResolver(schema, parseOptions) : zodResolver(schema, parseOptions, { raw: true })) as unknown as Resolver<z.input<S>, unknown, Values>;
  const form = useForm<z.input<S>, unknown, Values>({ ...options, resolver, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  // Where a server message can go: every field with a default, and every field the schema names.
  const fieldNames = [...Object.keys(defaultValues), ...fieldsOf(schema)];

  /** The form's onSubmit: `send` runs once the schema passes; its failure is explained on the form. */
  const submit = (send: (values: Values) => Promise<unknown>) => (event?: FormEvent) =>
    form.handleSubmit(
      async (values) => {
        setFailure(null);
        try {
          await send(values);
        } catch (error) {
          const explained = formFailure(error, fieldNames, messages.failed ?? unexpectedMessage(), messages.prefix);
          for (const [field, message] of explained.fields) form.setError(field as Path<z.input<S>>, { type: 'server', message });
          setFailure(explained.message);
        }
      },
      (errors) => {
        // The alert sums up only empty fields; any other message stands under its field alone.
        const empty = (field: string) => String(get(form.getValues(), field) ?? '').trim() === '';
        setFailure(messages.required && Object.keys(errors).some(empty) ? messages.required : null);
      },
    )(event);

  /** The message for one field of the form or of the body it becomes (e.g. `starts_at` under the day). */
  const errorOf = (name: string) => (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  /** Props for an Input, Select or Textarea bound to one field, with its message. */
  const field = (name: Path<z.input<S>>, rules?: RegisterOptions<z.input<S>>) => ({ ...form.register(name, rules), error: errorOf(name) });

  return { ...form, submit, field, errorOf, failure, setFailure };
}

/** The form's alert: what a failed save or a missing field means, above the buttons. */
export function FormAlert({ failure, className }: { failure: string | null; className?: string }) {
  if (!failure) return null;
  return (
    <div className={className}>
      <Alert tone="error">{failure}</Alert>
    </div>
  );
}

/**
 * A modal form's buttons, in the modal's footer: cancel, and the submit of the form `formId`. `cancelText`
 * when the submit itself says "Annulla …" (a cancellation), so the two never read alike.
 */
export function FormButtons({ formId, onCancel, saving, children, savingText, cancelText }: { formId: string; onCancel: () => void; saving: boolean; children: ReactNode; savingText?: string; cancelText?: string }) {
  const { t } = useLingui();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelText ?? t`Annulla`}
      </Button>
      <Button type="submit" form={formId} loading={saving} loadingText={savingText ?? t`Salvataggio...`}>
        {children}
      </Button>
    </>
  );
}

/** A modal around the form `formId`: its FormButtons in the footer, the cancel one closing the modal. */
export function FormModal({
  open = true,
  size,
  title,
  onClose,
  formId,
  saving,
  submitLabel = <Trans>Salva</Trans>,
  savingText,
  children,
}: {
  open?: boolean;
  size?: 'md' | 'lg';
  title: ReactNode;
  onClose: () => void;
  formId: string;
  saving: boolean;
  submitLabel?: ReactNode;
  savingText?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <FormButtons formId={formId} onCancel={onClose} saving={saving} savingText={savingText}>
          {submitLabel}
        </FormButtons>
      }
    >
      {children}
    </Modal>
  );
}
