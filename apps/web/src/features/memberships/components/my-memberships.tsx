import type { TMyMembership } from '@beach/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMyMemberships } from '../../../lib/shared-queries';
import { todayInRome } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useOnline } from '../../../lib/use-online';
import { readOfflineCards, saveOfflineCards } from '../offline-cards';
import { CurrentMembershipCard } from './current-membership-card';
import { OfflineMemberships } from './offline-memberships';
import { PastMemberships } from './past-memberships';

/** Pending cards, and active ones until their last day, are current; the rest are history. */
const isCurrent = (membership: TMyMembership, today: string) => membership.status === 'pending' || (membership.status === 'active' && membership.end_date >= today);

export function MyMemberships() {
  const { t } = useLingui();
  const { data, dataUpdatedAt, fetchStatus, isPending, isError, error, refetch } = useMyMemberships();
  const user = useCurrentUser();
  const online = useOnline();
  const today = todayInRome();
  // Every read from the server refreshes the copy kept for showing the card offline.
  useEffect(() => {
    if (data && user) saveOfflineCards(user, data, new Date(dataUpdatedAt), today);
  }, [data, dataUpdatedAt, user, today]);
  // Until the server answers (or when it cannot be reached) the saved card is on screen at once.
  const saved = !data && user ? readOfflineCards(user, today) : null;
  if (saved) {
    const offline = fetchStatus === 'paused' || isError || !online;
    const retry = isError ? <Button variant="secondary" size="sm" onClick={() => refetch()}><Trans>Riprova</Trans></Button> : undefined;
    return <OfflineMemberships saved={saved} offline={offline} action={retry} />;
  }
  if (isPending) {
    return (
      <div className="flex justify-center py-10 text-sea-700">
        <Spinner size="lg" label={t`Caricamento delle tessere...`} />
      </div>
    );
  }
  if (isError) {
    return (
      <Alert tone="error" title={t`Non è stato possibile caricare le tue tessere.`} action={<Button variant="secondary" size="sm" onClick={() => refetch()}><Trans>Riprova</Trans></Button>}>
        {error.message}
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-6 text-center">
        <p className="font-semibold text-slate-900"><Trans>Non hai ancora una tessera.</Trans></p>
        <p className="mt-1 text-sm text-slate-600"><Trans>Richiedila qui sotto: pagando online è attiva subito.</Trans></p>
      </div>
    );
  }

  const current = data.filter((membership) => isCurrent(membership, today));
  const past = data.filter((membership) => !isCurrent(membership, today));
  const count = current.length;
  return (
    <div className="space-y-8">
      {count > 0 && (
        <section aria-labelledby="current-title" className="space-y-3">
          <h2 id="current-title" className="text-lg font-semibold text-slate-900">
            <Plural value={count} one="La tua tessera" other="Le tue tessere" />
          </h2>
          {current.map((membership) => (
            <CurrentMembershipCard key={membership.id} membership={membership} />
          ))}
        </section>
      )}
      {past.length > 0 && <PastMemberships memberships={past} />}
    </div>
  );
}
