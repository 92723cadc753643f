// /disiscrizione?token=… (public): the visible unsubscribe link of a newsletter. Opening it changes
// nothing (mail scanners open links too); the button unsubscribes, once and for all. A refused link says
// why in the server's words (not valid, or expired).
import { CONSENT_MESSAGES } from '@beach/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-transport';
import { AuthCard } from '../../../components/auth-card';
import { useUnsubscribe, useUnsubscribeStatus } from '../../../lib/consents';

export default function UnsubscribePage() {
  usePageTitle('Disiscrizione dalla newsletter');
  const token = useSearchParams()[0].get('token') ?? '';
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe(token);
  const failure = status.error ?? unsubscribe.error;

  return (
    <AuthCard title="Newsletter">
      <div className="space-y-4">
        {status.isPending && <Spinner label="Verifica del link..." />}
        {failure && <Alert tone="error">{failure instanceof ApiError && failure.status < 500 ? (serverMessage(failure) ?? CONSENT_MESSAGES.unsubscribeInvalid) : 'Si è verificato un errore. Riprova più tardi.'}</Alert>}
        {unsubscribe.data ? (
          <Alert tone="success">{unsubscribe.data.message}</Alert>
        ) : (
          status.data &&
          (status.data.subscribed ? (
            <>
              <p className="text-slate-700">Vuoi smettere di ricevere la newsletter all’indirizzo {status.data.email}?</p>
              <Button className="w-full" loading={unsubscribe.isPending} loadingText="Disiscrizione..." onClick={() => unsubscribe.mutate()}>
                Disiscrivimi dalla newsletter
              </Button>
            </>
          ) : (
            <Alert tone="info">L’indirizzo {status.data.email} non riceve la newsletter.</Alert>
          ))
        )}
        <p className="text-sm text-slate-600">
          Puoi cambiare i tuoi consensi quando vuoi dal tuo <Link className="font-semibold text-sea-700 hover:underline" to={paths.profile}>profilo</Link>.
        </p>
      </div>
    </AuthCard>
  );
}
