import { membershipsRoutes, type TMembershipVerification } from '@beach/contracts';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-transport';
import { useVerification } from '../api/memberships';
import { MEMBERSHIP_TYPE_LABELS } from '../../../lib/display-labels';
import { validityText } from '../../../lib/format';

type Verdict = TMembershipVerification['status'];

const VERDICTS = {
  valid: { title: msg`Tessera valida`, Icon: CircleCheck, tone: 'bg-emerald-700 text-white' },
  not_yet_valid: { title: msg`Tessera non ancora valida`, Icon: CalendarClock, tone: 'bg-sea-700 text-white' },
  expired: { title: msg`Tessera scaduta`, Icon: CircleAlert, tone: 'bg-amber-400 text-amber-950' },
  not_valid: { title: msg`Tessera non valida`, Icon: CircleX, tone: 'bg-coral-600 text-white' },
} satisfies Record<Verdict, unknown>;

/** The verdict, big enough to read at arm's length from the desk. */
function VerdictPanel({ verdict, details }: { verdict: Verdict; details?: TMembershipVerification }) {
  const { i18n } = useLingui();
  const { title, Icon, tone } = VERDICTS[verdict];
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow ring-1 ring-slate-200">
      <div role="status" className={clsx('flex flex-col items-center gap-2 px-6 py-8 text-center', tone)}>
        <Icon aria-hidden="true" className="h-16 w-16" />
        <p className="text-3xl font-bold">{i18n._(title)}</p>
      </div>
      {details?.certificate_warning && (
        <div className="px-6 pt-6">
          <Alert tone="warning">{details.certificate_warning}</Alert>
        </div>
      )}
      {details ? (
        <dl className="grid gap-4 p-6 text-base sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-500">
              <Trans>Intestatario</Trans>
            </dt>
            <dd className="text-xl font-semibold">{details.holder}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">
              <Trans>Numero</Trans>
            </dt>
            <dd className="font-mono text-xl font-semibold">{details.membership_number}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">
              <Trans>Tipo</Trans>
            </dt>
            <dd className="font-semibold">{i18n._(MEMBERSHIP_TYPE_LABELS[details.type])}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">
              <Trans>Validità</Trans>
            </dt>
            <dd className="font-semibold">{validityText(details)}</dd>
          </div>
        </dl>
      ) : (
        <p className="p-6 text-center text-slate-700">
          <Trans>Il QR code non corrisponde a nessuna tessera del centro.</Trans>
        </p>
      )}
    </div>
  );
}

function Verification({ token }: { token: string }) {
  const { t } = useLingui();
  const { data, error, isPending, refetch, isFetching } = useVerification(token);
  if (isPending) {
    return (
      <div className="flex justify-center py-16 text-sea-700">
        <Spinner size="lg" label={t`Verifica in corso...`} />
      </div>
    );
  }
  if (data) return <VerdictPanel verdict={data.status} details={data} />;
  if (error instanceof ApiError && error.status === 404) return <VerdictPanel verdict="not_valid" />;
  const retry = (
    <Button variant="secondary" size="sm" loading={isFetching} loadingText={t`Verifica...`} onClick={() => refetch()}>
      <Trans>Riprova</Trans>
    </Button>
  );
  if (error instanceof ApiError && error.status === 429) return (
      <Alert tone="warning" action={retry}>
        <Trans>Troppe verifiche ravvicinate: riprova tra un minuto.</Trans>
      </Alert>
    );
  return <Alert tone="error" action={retry}>{error.message}</Alert>;
}

/** /verifica-tessera/:token (public): what the desk sees after scanning a member's QR code. */
export default function VerifyMembershipPage() {
  const { t } = useLingui();
  usePageTitle(t`Verifica tessera`);
  const { token = '' } = useParams();
  // A token that cannot be one (a mangled scan) is not worth a call.
  const wellFormed = membershipsRoutes.verify.params.safeParse({ token }).success;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-sea-900">
        <Trans>Verifica tessera</Trans>
      </h1>
      {wellFormed ? <Verification token={token} /> : <VerdictPanel verdict="not_valid" />}
    </div>
  );
}
