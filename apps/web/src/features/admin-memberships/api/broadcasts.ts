// Bulk e-mail calls (docs/domain.md#bulk-e-mail): how many would receive it, send, and follow the progress.
import type { TBroadcast, TBroadcastBody, TBroadcastKind } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How often the modal asks for the progress of a send under way. */
export const PROGRESS_POLL_MS = 1000;

/** A newsletter counts only the holders who consented to it. */
export const useRecipientCount = (emails: string[], enabled: boolean, kind: TBroadcastKind) =>
  useQuery({
    queryKey: ['broadcasts', 'count', kind, emails],
    queryFn: () => callApi(api.broadcasts.countRecipients, { body: { kind, recipient_type: 'specific', specific_emails: emails } }),
    enabled: enabled && emails.length > 0,
    retry: false,
    staleTime: 0,
  });

export const useSendBroadcast = () => useMutation({ mutationFn: (body: TBroadcastBody) => callApi(api.broadcasts.send, { body }) });

/** The broadcast as it goes: asked every second until it is completed. */
export const useBroadcastProgress = (started: TBroadcast | undefined) =>
  useQuery({
    queryKey: ['broadcasts', 'progress', started?.id],
    queryFn: () => callApi(api.broadcasts.progress, { params: { id: started!.id } }),
    enabled: started !== undefined && started.status !== 'completed',
    initialData: started,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : PROGRESS_POLL_MS),
    staleTime: 0,
    // A missed poll is not an error worth showing: the next one follows a second later.
    retry: 3,
  });
