// "Rifiuta" on an uploaded certificate (the desk, on the member's page or a child's row of the list): the reason, which the member
// receives by e-mail; the server's answer closes the modal and is shown beside the certificates.
import { ZCertificateRejectBody, type TCertificate } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Textarea } from '../ui/field';
import { FormAlert, FormModal, useZodForm } from '../ui/form';
import { useRejectCertificate } from '../../lib/certificates';

const FORM_ID = 'reject-certificate-form';

export function RejectCertificateModal({ certificate, onClose, onRejected }: { certificate: Pick<TCertificate, 'id'> | null; onClose: () => void; onRejected: (message: string) => void }) {
  const { t } = useLingui();
  const reject = useRejectCertificate();
  return (
    <FormModal open={certificate !== null} title={t`Rifiuta il certificato`} onClose={onClose} formId={FORM_ID} saving={reject.isPending} submitLabel={t`Rifiuta certificato`} savingText={t`Invio in corso...`}>
      {certificate && <RejectForm key={certificate.id} send={async (reason) => onRejected((await reject.mutateAsync({ id: certificate.id, reason })).message)} />}
    </FormModal>
  );
}

function RejectForm({ send }: { send: (reason: string) => Promise<void> }) {
  const { t } = useLingui();
  const { field, submit, failure } = useZodForm({ schema: ZCertificateRejectBody, defaultValues: { reason: '' } });
  return (
    <form id={FORM_ID} onSubmit={submit(({ reason }) => send(reason))} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        <Trans>Il socio riceverà per e-mail il motivo e l’invito a caricare un certificato valido.</Trans>
      </p>
      <Textarea label={t`Motivo`} required rows={3} {...field('reason')} />
      <FormAlert failure={failure} />
    </form>
  );
}
