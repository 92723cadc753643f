import type { TDeskMembershipBody, TMembershipPurchaseBody, TMembershipQuote } from '@beach/contracts';
import { api } from './api-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { ApiError } from './api-transport';
import { useDebounced } from './use-debounced';

const QUOTE_DEBOUNCE_MS = 400;

/**
 * The server's price preview for what a form holds, asked once typing pauses. `current` tells
 * whether the quote is for the inputs as they are now (the last one stays shown while updating);
 * `error` is only reported for the current inputs, so a corrected field loses its message at once.
 */
function useQuote<Body>(scope: string, draft: Body | null, fetchQuote: (body: Body) => Promise<TMembershipQuote>) {
  // A string key: the draft is a new object on every render, its content is what matters.
  const key = draft && JSON.stringify(draft);
  const settledKey = useDebounced(key, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['memberships', 'quote', scope, settledKey],
    queryFn: () => fetchQuote(JSON.parse(settledKey!) as Body),
    enabled: settledKey !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const settled = key !== null && key === settledKey;
  return {
    quote: key === null ? undefined : query.data,
    current: settled && query.isSuccess && !query.isPlaceholderData,
    updating: key !== null && (!settled || query.isFetching),
    error: settled && query.error instanceof ApiError ? query.error : null,
  };
}

/** A member's own card. */
export const useMembershipQuote = (draft: TMembershipPurchaseBody | null) => useQuote('member', draft, (body) => callApi(api.memberships.quote, { body }));

/** A card made at the desk: same rules and prices. */
export const useDeskQuote = (draft: TDeskMembershipBody | null) => useQuote('desk', draft, (body) => callApi(api.adminMemberships.quote, { body }));
