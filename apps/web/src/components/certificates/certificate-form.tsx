// The certificate's fields and its scanned file: the member's upload (file required) and the desk's
// record (file optional) share it.
import { CERTIFICATE_KINDS, CERTIFICATE_MAX_BYTES, certificateMessages, ZCertificateBody, type TCertificateBody } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Input, Select } from '../ui/field';
import { FormAlert, useZodForm } from '../ui/form';
import { CERTIFICATE_KIND_NAMES } from './certificate-labels';

export function CertificateForm({ fileRequired, submitLabel, onSubmit }: { fileRequired: boolean; submitLabel: string; onSubmit: (body: TCertificateBody, file: File | null) => Promise<{ message: string }> }) {
  const { i18n, t } = useLingui();
  const [saved, setSaved] = useState<string | null>(null);
  // The file lives beside the form's values (a FileList is no field of the contract); the server's
  // word on it (type by content) comes back in the form's alert.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [fileKey, setFileKey] = useState(0);
  const { field, submit, failure, reset, formState } = useZodForm({
    schema: ZCertificateBody,
    defaultValues: { kind: 'non_agonistico', issued_by: '', issue_date: '', expiry_date: '' },
  });

  const onSubmitForm = submit(async (body) => {
    setSaved(null);
    setFileError(undefined);
    // The server checks the content too; these spare a long upload that would be refused.
    if (fileRequired && !file) return setFileError(i18n._(certificateMessages.fileMissing));
    if (file && file.size > CERTIFICATE_MAX_BYTES) return setFileError(i18n._(certificateMessages.tooLarge));
    const result = await onSubmit(body as TCertificateBody, file);
    reset();
    setFile(null);
    setFileKey((key) => key + 1);
    setSaved(result.message);
  });

  return (
    <form onSubmit={onSubmitForm} noValidate className="grid gap-4 sm:grid-cols-2">
      {saved && (
        <div className="sm:col-span-2">
          <Alert tone="success">{saved}</Alert>
        </div>
      )}
      <FormAlert failure={failure} className="sm:col-span-2" />
      <Select label={t`Tipo di certificato`} required options={CERTIFICATE_KINDS.map((kind) => ({ value: kind, label: i18n._(CERTIFICATE_KIND_NAMES[kind]) }))} {...field('kind')} />
      <Input label={t`Medico o centro che l’ha rilasciato`} required {...field('issued_by')} />
      <Input label={t`Data di rilascio`} type="date" required {...field('issue_date')} />
      <Input label={t`Data di scadenza`} type="date" required {...field('expiry_date')} />
      <div className="sm:col-span-2">
        <Input
          key={fileKey}
          label={t`File del certificato (PDF, JPEG o PNG, max 5 MB)`}
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          required={fileRequired}
          error={fileError}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            // Said at once, and gone as soon as a file that fits is chosen instead.
            setFileError(chosen && chosen.size > CERTIFICATE_MAX_BYTES ? i18n._(certificateMessages.tooLarge) : undefined);
          }}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={formState.isSubmitting} loadingText={t`Invio in corso...`}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
