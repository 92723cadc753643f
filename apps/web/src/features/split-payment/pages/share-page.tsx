// /quote/{shareId} (docs/domain.md#split-payment): where an invited player pays their share of a
// booking, by card (Stripe Checkout) or from credit, or leaves the game before paying; the organiser
// pays here the shares charged to them at the deadline. Anyone else is told it does not exist.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TestModeNotice } from '../../../components/test-mode-notice';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { localizedTo } from '../../../lib/i18n';
import { usePayShare, useShare } from '../api/split-payment';
import { useCreditCovers } from '../../credit';
import { formatDateTime, formatMoney, whenText } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';

export default function SharePage() {
  const { i18n, t } = useLingui();
  const myBookings = localizedTo(i18n.locale as Locale, paths.myBookings);
  usePageTitle(t`La tua quota`);
  const id = Number(useParams().shareId);
  const share = useShare(id);
  const pay = usePayShare(id);
  const cancelled = useCheckoutCancelled();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const data = share.data;
  const creditCovers = useCreditCovers(data?.share);
  const amount = data && formatMoney(data.share);
  const deadline = data && formatDateTime(data.deadline);

  const run = async (action: () => Promise<{ message: string } | unknown>) => {
    setMessage(null);
    try {
      const result = await action();
      if (result && typeof result === 'object' && 'message' in result && typeof result.message === 'string') setMessage({ tone: 'success', text: result.message });
    } catch (error) {
      setMessage({ tone: 'error', text: serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.` });
    }
  };

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <TestModeNotice />
      <h1 className="text-2xl font-bold text-sea-900">
        <Trans>La tua quota</Trans>
      </h1>
      {share.isPending && <Spinner label={t`Caricamento della quota...`} />}
      {share.isError && (
        <Alert
          tone="error"
          action={
            <Link to={myBookings} className={buttonClasses('secondary', 'sm')}>
              <Trans>Le mie prenotazioni</Trans>
            </Link>
          }
        >
          <Trans>Quota non trovata.</Trans>
        </Alert>
      )}
      {data && (
        <div className="space-y-5 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">
              <Trans>Campo</Trans>
            </dt>
            <dd className="font-medium text-slate-800">{data.court}</dd>
            <dt className="text-slate-500">
              <Trans>Quando</Trans>
            </dt>
            <dd className="text-slate-800 first-letter:uppercase">{whenText(data)}</dd>
            <dt className="text-slate-500">
              <Trans>Organizza</Trans>
            </dt>
            <dd className="text-slate-800">{data.organiser}</dd>
            <dt className="text-slate-500">
              <Trans>Quota</Trans>
            </dt>
            <dd className="text-lg font-bold text-sea-900">{formatMoney(data.share)}</dd>
          </dl>
          {cancelled && !message && !data.paid_with && (
            <Alert tone="info">
              <Trans>Pagamento annullato: non ti è stato addebitato nulla.</Trans>
            </Alert>
          )}
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          {data.paid_with ? (
            <Alert
              tone="success"
              action={
                <Link to={myBookings} className={buttonClasses('secondary', 'sm')}>
                  <Trans>Le mie prenotazioni</Trans>
                </Link>
              }
            >
              <Trans>Quota pagata: ci vediamo in campo!</Trans>
            </Alert>
          ) : data.can_pay ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                {data.status === 'charged_to_organiser' ? <Trans>Questa quota non è stata pagata in tempo ed è passata a te.</Trans> : <Trans>Paga entro il {deadline}: dopo, la quota passa all’organizzatore.</Trans>}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => void run(() => pay.card.mutateAsync())} loading={pay.card.isPending} loadingText={t`Apertura del pagamento...`}>
                  <Trans>Paga con carta</Trans>
                </Button>
                {creditCovers && (
                  <Button variant="secondary" onClick={() => void run(() => pay.credit.mutateAsync())} loading={pay.credit.isPending} loadingText={t`Pagamento...`}>
                    <Trans>Paga con il credito ({amount})</Trans>
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <Alert tone="warning">
              {data.status === 'dropped' ? (
                <Trans>Hai lasciato questa partita.</Trans>
              ) : (
                <Trans>Questa quota non si può pagare ora: l’organizzatore non ha ancora confermato la prenotazione, o la scadenza è passata.</Trans>
              )}
            </Alert>
          )}
          {data.can_leave && (
            <Button variant="ghost" onClick={() => void run(() => pay.leave.mutateAsync())} loading={pay.leave.isPending} loadingText={t`Uscita...`}>
              <Trans>Non posso giocare: lascia la partita</Trans>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
