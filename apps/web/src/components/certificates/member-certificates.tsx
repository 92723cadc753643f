// The desk's view of a member's certificate (the member's page in /admin/users): state, the
// certificates with their files, "Verifica" or "Rifiuta" (with a reason) for an uploaded one, and the
// record of a paper one.
import type { TCertificate } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DetailSection } from '../admin/detail-modal';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ApiError } from '../../lib/api-transport';
import { downloadCertificate, useMemberCertificates, useRecordCertificate, useVerifyCertificate } from '../../lib/certificates';
import { CertificateForm } from './certificate-form';
import { CertificateList } from './certificate-list';
import { CertificateStateBadge } from './certificate-state-badge';
import { RejectCertificateModal } from './reject-certificate-modal';

export function MemberCertificates({ userId }: { userId: number }) {
  const { t } = useLingui();
  const status = useMemberCertificates(userId);
  const record = useRecordCertificate(userId);
  const verify = useVerifyCertificate();
  const [recording, setRecording] = useState(false);
  const [rejecting, setRejecting] = useState<TCertificate | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const confirm = async (id: number) => {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await verify.mutateAsync(id)).message });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : t`Verifica non riuscita.` });
    }
  };

  return (
    <DetailSection title={t`Certificato medico`}>
      <div className="mt-2 space-y-3">
        {status.isPending && <Spinner label={t`Caricamento del certificato...`} />}
        {status.isError && <Alert tone="error">
            <Trans>Non è stato possibile leggere il certificato.</Trans>
          </Alert>}
        {status.data && (
          <>
            <p className="text-sm">
              <Trans>
                Stato oggi: <CertificateStateBadge state={status.data.state} />
              </Trans>
            </p>
            {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
            <CertificateList
              certificates={status.data.certificates}
              download={(certificate) => void downloadCertificate(certificate)}
              actions={(certificate) =>
                !certificate.verified_at &&
                !certificate.rejected_at && (
                  <>
                    <Button size="sm" loading={verify.isPending && verify.variables === certificate.id} loadingText={t`Verifica...`} onClick={() => void confirm(certificate.id)}>
                      <Trans>Verifica</Trans>
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRejecting(certificate)}>
                      <Trans>Rifiuta</Trans>
                    </Button>
                  </>
                )
              }
            />
            <RejectCertificateModal
              certificate={rejecting}
              onClose={() => setRejecting(null)}
              onRejected={(message) => {
                setRejecting(null);
                setNotice({ tone: 'success', text: message });
              }}
            />
          </>
        )}
        {recording ? (
          <CertificateForm fileRequired={false} submitLabel={t`Registra certificato`} onSubmit={(body, file) => record.mutateAsync({ body, file })} />
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setRecording(true)}>
            <Trans>Registra un certificato</Trans>
          </Button>
        )}
      </div>
    </DetailSection>
  );
}
