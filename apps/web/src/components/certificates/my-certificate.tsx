// The member's medical certificate on /tesseramento: its state today and the upload of a new one.
import type { TCertificateStatus } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { formatDate } from '../../lib/format';
import { downloadMyCertificate, useMyCertificate, useUploadCertificate } from '../../lib/certificates';
import { CertificateForm } from './certificate-form';
import { CERTIFICATE_STATE_NAMES } from './certificate-labels';
import { CertificateList } from './certificate-list';
import { CertificateStateBadge } from './certificate-state-badge';

/** What the state means for the member, in one sentence. */
function StateSentence({ status }: { status: TCertificateStatus }) {
  const { t } = useLingui();
  const current = status.certificates.find((certificate) => certificate.verified_at);
  const until = current ? formatDate(current.expiry_date) : '';
  switch (status.state) {
    case 'missing':
      return t`Non abbiamo ancora il tuo certificato medico: caricalo qui sotto o portalo in segreteria.`;
    case 'to_verify':
      return t`Il certificato che hai caricato è in attesa di verifica da parte della segreteria.`;
    case 'valid':
      return t`Il tuo certificato è valido fino al ${until}.`;
    case 'expiring':
      return t`Il tuo certificato scade il ${until}: rinnovalo per continuare a giocare.`;
    case 'expired':
      return t`Il tuo certificato è scaduto: fai la visita e carica quello nuovo.`;
  }
}

export function MyCertificate() {
  const { i18n, t } = useLingui();
  const status = useMyCertificate();
  const upload = useUploadCertificate();
  const stateName = status.data ? i18n._(CERTIFICATE_STATE_NAMES[status.data.state]) : '';
  return (
    <section aria-labelledby="certificate-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="certificate-title" className="text-xl font-semibold text-sea-900">
          <Trans>Certificato medico</Trans>
        </h2>
        {status.data && <CertificateStateBadge state={status.data.state} />}
      </div>
      {status.isPending && <Spinner label={t`Caricamento del certificato...`} />}
      {status.isError && (
        <Alert tone="error">
          <Trans>Non è stato possibile leggere lo stato del certificato. Riprova più tardi.</Trans>
        </Alert>
      )}
      {status.data && (
        <>
          <p className="text-sm text-slate-700" aria-label={t`Stato del certificato: ${stateName}`}>
            <StateSentence status={status.data} />
          </p>
          <CertificateList certificates={status.data.certificates} download={(certificate) => void downloadMyCertificate(certificate)} />
        </>
      )}
      <div className="border-t border-slate-100 pt-4">
        <h3 className="mb-3 font-semibold text-slate-800">
          <Trans>Carica un nuovo certificato</Trans>
        </h3>
        <CertificateForm fileRequired submitLabel={t`Carica certificato`} onSubmit={(body, file) => upload.mutateAsync({ body, file })} />
      </div>
    </section>
  );
}
