// The certificate's fields and its scanned file: the member's upload (file required) and the desk's
// record (file optional) share it.
import { CERTIFICATE_KIND_LABELS, CERTIFICATE_KINDS, CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES, ZCertificateBody, type TCertificateBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-transport';
import { applyApiError } from '../../../lib/forms';

const FIELDS = ['kind', 'issued_by', 'issue_date', 'expiry_date'] as const;

export function CertificateForm({ fileRequired, submitLabel, onSubmit }: { fileRequired: boolean; submitLabel: string; onSubmit: (body: TCertificateBody, file: File | null) => Promise<{ message: string }> }) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The file lives beside the form's values (a FileList is no field of the contract).
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [fileKey, setFileKey] = useState(0);
  const { register, handleSubmit, setError, reset, formState } = useForm<TCertificateBody>({
    resolver: zodResolver(ZCertificateBody),
    defaultValues: { kind: 'non_agonistico', issued_by: '', issue_date: '', expiry_date: '' },
  });

  const submit = handleSubmit(async (body) => {
    setNotice(null);
    setFileError(undefined);
    // The server checks the content too; these spare a long upload that would be refused.
    if (fileRequired && !file) return setFileError(CERTIFICATE_MESSAGES.fileMissing);
    if (file && file.size > CERTIFICATE_MAX_BYTES) return setFileError(CERTIFICATE_MESSAGES.tooLarge);
    try {
      const saved = await onSubmit(body, file);
      reset();
      setFile(null);
      setFileKey((key) => key + 1);
      setNotice({ tone: 'success', text: saved.message });
    } catch (error) {
      const text = applyApiError(error, setError, FIELDS);
      if (error instanceof ApiError && error.errors?.file) setFileError(error.errors.file.join('\n'));
      else if (text) setNotice({ tone: 'error', text });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {notice && (
        <div className="sm:col-span-2">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      <Select label="Tipo di certificato" required options={CERTIFICATE_KINDS.map((kind) => ({ value: kind, label: CERTIFICATE_KIND_LABELS[kind] }))} error={formState.errors.kind?.message} {...register('kind')} />
      <Input label="Medico o centro che l’ha rilasciato" required error={formState.errors.issued_by?.message} {...register('issued_by')} />
      <Input label="Data di rilascio" type="date" required error={formState.errors.issue_date?.message} {...register('issue_date')} />
      <Input label="Data di scadenza" type="date" required error={formState.errors.expiry_date?.message} {...register('expiry_date')} />
      <div className="sm:col-span-2">
        <Input
          key={fileKey}
          label="File del certificato (PDF, JPEG o PNG, max 5 MB)"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          required={fileRequired}
          error={fileError}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={formState.isSubmitting} loadingText="Invio in corso...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
