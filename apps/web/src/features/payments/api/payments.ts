// Online payments (docs/domain.md#payments): whether they run in test mode, and the outcome of a Checkout
// Session on return.
import { api } from '../../../lib/api-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { membershipKeys } from '../../../lib/shared-queries';

/** How often the return page asks again while Stripe has not confirmed, and for how long. */
export const RECONCILE_INTERVAL_MS = 2_000;
export const RECONCILE_GIVE_UP_MS = 60_000;

/**
 * The outcome of a Checkout Session, asked again every 2 s while it is pending and until
 * `gaveUp` (about a minute): a late webhook should not leave the member on a spinner for ever.
 */
export function usePaymentOutcome(sessionId: string) {
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), RECONCILE_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);

  const query = useQuery({
    queryKey: ['payments', 'reconcile', sessionId],
    queryFn: async () => {
      const outcome = await callApi(api.payments.reconcile, { body: { session_id: sessionId } });
      // The card is active now: a list cached before the payment would still show it pending.
      if (outcome.status === 'paid' && outcome.kind === 'membership') void queryClient.invalidateQueries({ queryKey: membershipKeys.all });
      return outcome;
    },
    staleTime: 0,
    refetchInterval: (current) => (current.state.data?.status === 'pending' && !gaveUp ? RECONCILE_INTERVAL_MS : false),
  });
  return { ...query, gaveUp };
}
