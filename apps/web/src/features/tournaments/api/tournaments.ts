// Calls for the tournaments' public and member screens (docs/tournaments.md#public-and-member-screens): the
// list, one tournament live (polled), the club ranking, the member's entries (register, pay their part,
// withdraw; polled while they play), the partner finder and the scores a player proposes or confirms.
import type { TPartnerPostBody, TRankingQuery, TScoreBody, TTournamentLive, TTournamentsQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { queryRoots } from '../../../lib/shared-queries';

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (when: TTournamentsQuery['when']) => ['tournaments', 'list', when] as const,
  live: (id: number) => ['tournaments', 'live', id] as const,
  mine: ['tournaments', 'mine'] as const,
  partnerPosts: (id: number) => ['tournaments', 'partner-posts', id] as const,
  ranking: (query: TRankingQuery) => ['tournaments', 'ranking', query] as const,
};

/** How often the live page and the TV ask for news: a finished match shows within this time. */
export const LIVE_POLL_MS = 10_000;

/** The list's tab: the tournaments to come and being played, or the past ones. */
export const useTournaments = (when: NonNullable<TTournamentsQuery['when']>) =>
  useQuery({ queryKey: tournamentKeys.list(when), queryFn: async () => (await callApi(api.tournaments.list, { query: { when } })).data });

/**
 * One tournament, asked again every 10 s while the tab is shown (TanStack Query pauses the interval on a
 * hidden tab and asks at once on return). An answer with the same `live_version` keeps the data already
 * shown, so nothing redraws until something changed.
 */
export const useTournamentLive = (id: number) =>
  useQuery({
    queryKey: tournamentKeys.live(id),
    queryFn: () => callApi(api.tournaments.live, { params: { id } }),
    refetchInterval: LIVE_POLL_MS,
    structuralSharing: (shown: unknown, fetched: unknown) => keepUnlessMoved(shown as TTournamentLive | undefined, fetched as TTournamentLive),
    notifyOnChangeProps: ['data', 'error', 'isPending'],
  });

/** The data already shown when the version did not move. */
export const keepUnlessMoved = (shown: TTournamentLive | undefined, fetched: TTournamentLive) => (shown && shown.live_version === fetched.live_version ? shown : fetched);

/** When the live data was last read (for "Aggiornato alle …": only its reader redraws at each poll). */
export const useLiveReadAt = (id: number) =>
  useQuery({ queryKey: tournamentKeys.live(id), queryFn: () => callApi(api.tournaments.live, { params: { id } }), enabled: false, select: () => null, notifyOnChangeProps: ['dataUpdatedAt'] }).dataUpdatedAt;

export const useRanking = (query: TRankingQuery) =>
  useQuery({ queryKey: tournamentKeys.ranking(query), queryFn: async () => (await callApi(api.tournaments.ranking, { query })).data });

/** How often the member's entries are read while one of their tournaments is being played: a call to the court shows within this time. */
export const MY_ENTRIES_POLL_MS = 30_000;

/**
 * The member's entries; asked again every 30 s while one is in a drawn tournament (its next match may be
 * called), paused on a hidden tab like the live page.
 */
export const useMyTournamentEntries = (enabled: boolean) =>
  useQuery({
    queryKey: tournamentKeys.mine,
    queryFn: async () => (await callApi(api.tournaments.mine)).data,
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((entry) => entry.status !== 'withdrawn' && entry.tournament.status === 'drawn') ? MY_ENTRIES_POLL_MS : false),
  });

export const usePartnerPosts = (id: number, enabled: boolean) =>
  useQuery({ queryKey: tournamentKeys.partnerPosts(id), queryFn: async () => (await callApi(api.tournaments.partnerPosts, { params: { id } })).data, enabled });

/** After any change: every tournament read again (entries, places, live page, posts), and the member's credit. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([tournamentKeys.all, queryRoots.credit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const useRegister = (id: number) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (partnerEmail: string | null) => callApi(api.tournaments.register, { params: { id }, body: { partner_email: partnerEmail } }), onSuccess: refresh });
};

/** Opens Stripe's page for the member's part of the entry; they come back to /pagamento-completato. */
export const usePayEntryByCard = () =>
  useMutation({ mutationFn: (entryId: number) => callApi(api.tournaments.checkout, { params: { id: entryId } }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

export const usePayEntryWithCredit = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (entryId: number) => callApi(api.tournaments.payWithCredit, { params: { id: entryId } }), onSuccess: refresh });
};

export const useWithdrawEntry = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (entryId: number) => callApi(api.tournaments.withdraw, { params: { id: entryId } }), onSuccess: refresh });
};

export const usePostPartner = (id: number) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: TPartnerPostBody) => callApi(api.tournaments.postPartner, { params: { id }, body }), onSuccess: refresh });
};

export const useAnswerPartner = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ postId, message }: { postId: number; message: string }) => callApi(api.tournaments.answerPartner, { params: { id: postId }, body: { message } }), onSuccess: refresh });
};

export const useAcceptPartner = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (answerId: number) => callApi(api.tournaments.acceptPartner, { params: { id: answerId } }), onSuccess: refresh });
};

export const useClosePartnerPost = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (postId: number) => callApi(api.tournaments.closePartnerPost, { params: { id: postId } }), onSuccess: refresh });
};

export const useProposeScore = (id: number) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ key, body }: { key: string; body: TScoreBody }) => callApi(api.tournaments.proposeScore, { params: { id, key }, body }), onSuccess: refresh });
};

export const useConfirmScore = (id: number) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (key: string) => callApi(api.tournaments.confirmScore, { params: { id, key } }), onSuccess: refresh });
};
