// A child's medical certificate on their row of "I miei figli": its state today in one sentence, the
// certificates presented, and "Carica certificato" with the member's own form (the API checks the file).
import type { TChild, TCertificateStatus } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CertificateForm } from '../../../components/certificates/certificate-form';
import { CertificateList } from '../../../components/certificates/certificate-list';
import { CertificateStateBadge } from '../../../components/certificates/certificate-state-badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { downloadMyCertificate } from '../../../lib/certificates';
import { useUploadChildCertificate } from '../api/children';

/** What the state means for the parent, in one sentence. */
function StateSentence({ name, status }: { name: string; status: TCertificateStatus }) {
  const { t } = useLingui();
  const current = status.certificates.find((certificate) => certificate.verified_at);
  const until = current ? formatDate(current.expiry_date) : '';
  switch (status.state) {
    case 'missing':
      return t`Non abbiamo ancora il certificato medico di ${name}: serve per iscriverlo ai corsi che lo richiedono.`;
    case 'to_verify':
      return t`Il certificato che hai caricato è in attesa di verifica da parte della segreteria.`;
    case 'valid':
      return t`Valido fino al ${until}.`;
    case 'expiring':
      return t`Scade il ${until}: rinnovalo per continuare a iscriverlo ai corsi.`;
    case 'expired':
      return t`Scaduto: fai la visita e carica quello nuovo.`;
  }
}

export function ChildCertificate({ child }: { child: TChild }) {
  const { t } = useLingui();
  const upload = useUploadChildCertificate(child.id);
  const [uploading, setUploading] = useState(false);
  const status = child.certificate;
  const name = child.first_name;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" aria-label={t`Certificato medico di ${name}`} role="group">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-700">
            <Trans>Certificato medico</Trans>
          </span>
          <CertificateStateBadge state={status.state} />
        </p>
        <Button size="sm" variant="secondary" onClick={() => setUploading((open) => !open)} aria-expanded={uploading}>
          {uploading ? <Trans>Chiudi</Trans> : <Trans>Carica certificato</Trans>}
        </Button>
      </div>
      <p className="text-slate-700">
        <StateSentence name={name} status={status} />
      </p>
      {status.certificates.length > 0 && <CertificateList certificates={status.certificates} download={(certificate) => void downloadMyCertificate(certificate)} />}
      {uploading && <CertificateForm fileRequired submitLabel={t`Carica certificato`} onSubmit={(body, file) => upload.mutateAsync({ body, file })} />}
    </div>
  );
}
