// /disiscrizione?token=… (public): the visible unsubscribe link of a newsletter. Opening it changes
// nothing (mail scanners open links too); the button unsubscribes, once and for all. A refused link says
// why in the server's words (not valid, or expired).
import { consentMessages } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-transport';
import { localizedTo } from '../../../lib/i18n';
import { AuthCard } from '../../../components/auth-card';
import { useUnsubscribe, useUnsubscribeStatus } from '../../../lib/consents';

export default function UnsubscribePage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Disiscrizione dalla newsletter`);
  const token = useSearchParams()[0].get('token') ?? '';
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe(token);
  const failure = status.error ?? unsubscribe.error;
  const email = status.data?.email;

  return (
    <AuthCard title={t`Newsletter`}>
      <div className="space-y-4">
        {status.isPending && <Spinner label={t`Verifica del link...`} />}
        {failure && (
          <Alert tone="error">
            {failure instanceof ApiError && failure.status < 500 ? (serverMessage(failure) ?? i18n._(consentMessages.unsubscribeInvalid)) : t`Si è verificato un errore. Riprova più tardi.`}
          </Alert>
        )}
        {unsubscribe.data ? (
          <Alert tone="success">{unsubscribe.data.message}</Alert>
        ) : (
          status.data &&
          (status.data.subscribed ? (
            <>
              <p className="text-slate-700">
                <Trans>Vuoi smettere di ricevere la newsletter all’indirizzo {email}?</Trans>
              </p>
              <Button className="w-full" loading={unsubscribe.isPending} loadingText={t`Disiscrizione...`} onClick={() => unsubscribe.mutate()}>
                <Trans>Disiscrivimi dalla newsletter</Trans>
              </Button>
            </>
          ) : (
            <Alert tone="info">
              <Trans>L’indirizzo {email} non riceve la newsletter.</Trans>
            </Alert>
          ))
        )}
        <p className="text-sm text-slate-600">
          <Trans>
            Puoi cambiare i tuoi consensi quando vuoi dal tuo{' '}
            <Link className="font-semibold text-sea-700 hover:underline" to={localizedTo(i18n.locale as Locale, paths.profile)}>
              profilo
            </Link>
            .
          </Trans>
        </p>
      </div>
    </AuthCard>
  );
}
