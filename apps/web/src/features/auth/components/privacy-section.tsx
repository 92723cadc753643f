// The privacy part of /profilo (docs/domain.md#privacy): download all one's data, or ask for its erasure — behind
// a confirmation that takes the password again.
import { ZErasureBody } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card-section';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { downloadMyData, requestErasure } from '../api/privacy';
import { useLeaveToLogin } from '../api/use-logout';

function ErasureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const leave = useLeaveToLogin();
  const [erasedMessage, setErasedMessage] = useState<string | null>(null);
  const { field, submit, reset, failure, setFailure, formState } = useZodForm({ schema: ZErasureBody, defaultValues: { password: '' } });
  const close = () => {
    // The account no longer exists: leave like a logout.
    if (erasedMessage) return void leave();
    reset();
    setFailure(null);
    onClose();
  };
  const onSubmit = submit(async (values) => setErasedMessage((await requestErasure(values)).message));
  const formId = 'erasure-form';
  return (
    <Modal
      open={open}
      title={t`Cancella il mio account e i miei dati`}
      onClose={close}
      footer={
        erasedMessage ? (
          <Button onClick={close}>
            <Trans>Esci</Trans>
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              <Trans>Annulla</Trans>
            </Button>
            <Button type="submit" form={formId} variant="danger" loading={formState.isSubmitting} loadingText={t`Cancellazione...`}>
              <Trans>Cancella definitivamente</Trans>
            </Button>
          </>
        )
      }
    >
      {erasedMessage ? (
        <Alert tone="success">{erasedMessage}</Alert>
      ) : (
        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            <Trans>Nome, e-mail, telefono, data di nascita e codice fiscale verranno cancellati e non potrai più accedere. Le prenotazioni restano registrate, senza il tuo nome.</Trans>
          </p>
          <p>
            <Trans>Per legge conserviamo i dati contabili (pagamenti, rimborsi e numeri delle tessere), senza più i tuoi dati personali. Questa azione non può essere annullata.</Trans>
          </p>
          <FormAlert failure={failure} />
          <Input label={t`Password, per confermare`} type="password" autoComplete="current-password" required {...field('password')} />
        </form>
      )}
    </Modal>
  );
}

export function PrivacySection() {
  const { t } = useLingui();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [erasing, setErasing] = useState(false);

  async function exportData() {
    setExporting(true);
    setExportFailed(false);
    try {
      await downloadMyData();
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <CardSection titleId="privacy-title">
      <h2 id="privacy-title" className="text-lg font-semibold">
        <Trans>Privacy e dati personali</Trans>
      </h2>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">
          <Trans>Scarica in un file JSON tutti i dati che conserviamo su di te: profilo, tessere, prenotazioni, pagamenti, lista d’attesa, coupon usati, consensi e certificati medici.</Trans>
        </p>
        {exportFailed && (
          <Alert tone="error">
            <Trans>Si è verificato un errore nel download dei dati. Riprova più tardi.</Trans>
          </Alert>
        )}
        <Button variant="secondary" onClick={exportData} loading={exporting} loadingText={t`Preparazione...`}>
          <Download aria-hidden="true" className="h-4 w-4" />
          <Trans>Scarica i miei dati</Trans>
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">
          <Trans>Puoi chiedere la cancellazione dei tuoi dati personali: l’account verrà chiuso.</Trans>
        </p>
        <Button variant="danger" onClick={() => setErasing(true)}>
          <Trans>Cancella il mio account</Trans>
        </Button>
      </div>
      <ErasureDialog open={erasing} onClose={() => setErasing(false)} />
    </CardSection>
  );
}
