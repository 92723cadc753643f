// The member's medical certificate on /tesseramento: its state today and the upload of a new one.
import { CERTIFICATE_STATE_LABELS, type TCertificateStatus } from '@beach/contracts';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { formatDate } from '../../lib/format';
import { downloadMyCertificate, useMyCertificate, useUploadCertificate } from '../../lib/certificates';
import { CertificateForm } from './certificate-form';
import { CertificateList } from './certificate-list';
import { CertificateStateBadge } from './certificate-state-badge';

/** What the state means for the member, in one sentence. */
export function stateSentence(status: TCertificateStatus): string {
  const current = status.certificates.find((certificate) => certificate.verified_at);
  switch (status.state) {
    case 'missing':
      return 'Non abbiamo ancora il tuo certificato medico: caricalo qui sotto o portalo in segreteria.';
    case 'to_verify':
      return 'Il certificato che hai caricato è in attesa di verifica da parte della segreteria.';
    case 'valid':
      return `Il tuo certificato è valido fino al ${formatDate(current!.expiry_date)}.`;
    case 'expiring':
      return `Il tuo certificato scade il ${formatDate(current!.expiry_date)}: rinnovalo per continuare a giocare.`;
    case 'expired':
      return 'Il tuo certificato è scaduto: fai la visita e carica quello nuovo.';
  }
}

export function MyCertificate() {
  const status = useMyCertificate();
  const upload = useUploadCertificate();
  return (
    <section aria-labelledby="certificate-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="certificate-title" className="text-xl font-semibold text-sea-900">
          Certificato medico
        </h2>
        {status.data && <CertificateStateBadge state={status.data.state} />}
      </div>
      {status.isPending && <Spinner label="Caricamento del certificato..." />}
      {status.isError && <Alert tone="error">Non è stato possibile leggere lo stato del certificato. Riprova più tardi.</Alert>}
      {status.data && (
        <>
          <p className="text-sm text-slate-700" aria-label={`Stato del certificato: ${CERTIFICATE_STATE_LABELS[status.data.state]}`}>
            {stateSentence(status.data)}
          </p>
          <CertificateList certificates={status.data.certificates} download={(certificate) => void downloadMyCertificate(certificate)} />
        </>
      )}
      <div className="border-t border-slate-100 pt-4">
        <h3 className="mb-3 font-semibold text-slate-800">Carica un nuovo certificato</h3>
        <CertificateForm fileRequired submitLabel="Carica certificato" onSubmit={(body, file) => upload.mutateAsync({ body, file })} />
      </div>
    </section>
  );
}
