// Labelled form controls with their error messages under the field, wired for screen readers.
import clsx from 'clsx';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: ReactNode;
  error?: string | string[];
  hint?: ReactNode;
}

const controlClasses = (invalid: boolean) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1',
    invalid ? 'border-coral-600 focus:outline-coral-600' : 'border-slate-300 focus:outline-sea-700',
  );

function FieldFrame({ id, label, error, hint, children, required }: FieldProps & { id: string; children: ReactNode; required?: boolean }) {
  const messages = error === undefined ? [] : Array.isArray(error) ? error : [error];
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span aria-hidden="true" className="text-coral-600"> *</span>}
      </label>
      {children}
      {hint && !messages.length && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {messages.length > 0 && (
        <p id={`${id}-error`} className="whitespace-pre-line text-sm text-coral-600">
          {messages.join('\n')}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: FieldProps['error'], hint: ReactNode) =>
  error?.length ? `${id}-error` : hint ? `${id}-hint` : undefined;

export const Input = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function Input(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} required={rest.required}>
      <input ref={ref} id={inputId} aria-invalid={Boolean(error?.length) || undefined} aria-describedby={describedBy(inputId, error, hint)} className={clsx(controlClasses(Boolean(error?.length)), className)} {...rest} />
    </FieldFrame>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  const generated = useId();
  const textareaId = id ?? generated;
  return (
    <FieldFrame id={textareaId} label={label} error={error} hint={hint} required={rest.required}>
      <textarea ref={ref} id={textareaId} aria-invalid={Boolean(error?.length) || undefined} aria-describedby={describedBy(textareaId, error, hint)} className={clsx(controlClasses(Boolean(error?.length)), className)} {...rest} />
    </FieldFrame>
  );
});

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A select whose options carry their type: `onValueChange` gets one of the options' values, so a
 * screen never casts what the user picked.
 */
export function Select<T extends string>({
  label,
  error,
  hint,
  options,
  onValueChange,
  className,
  id,
  ref,
  ...rest
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value'> & { ref?: Ref<HTMLSelectElement>; value?: T; options: readonly SelectOption<T>[]; onValueChange?: (value: T) => void }) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} required={rest.required}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={Boolean(error?.length) || undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={clsx(controlClasses(Boolean(error?.length)), className)}
        {...rest}
        onChange={(event) => {
          rest.onChange?.(event);
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onValueChange?.(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export const Checkbox = forwardRef<HTMLInputElement, { label: ReactNode; error?: string | string[] } & InputHTMLAttributes<HTMLInputElement>>(function Checkbox(
  { label, error, id, ...rest },
  ref,
) {
  const generated = useId();
  const checkboxId = id ?? generated;
  const messages = error === undefined ? [] : Array.isArray(error) ? error : [error];
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input ref={ref} id={checkboxId} type="checkbox" aria-invalid={messages.length > 0 || undefined} aria-describedby={messages.length ? `${checkboxId}-error` : undefined} className="mt-1 h-4 w-4 rounded border-slate-300 accent-sea-700" {...rest} />
        <label htmlFor={checkboxId} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {messages.length > 0 && (
        <p id={`${checkboxId}-error`} className="text-sm text-coral-600">
          {messages.join('\n')}
        </p>
      )}
    </div>
  );
});
