// Bulk e-mail calls (spec §7, design §5): how many would receive it, send, and follow the progress.
import { api, type TBroadcast, type TBroadcastBody } from '@beach/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How often the modal asks for the progress of a send under way. */
export const PROGRESS_POLL_MS = 1000;

export const useRecipientCount = (emails: string[], enabled: boolean) =>
  useQuery({
    queryKey: ['broadcasts', 'count', emails],
    queryFn: () => callApi(api.broadcasts.countRecipients, { body: { recipient_type: 'specific', specific_emails: emails } }),
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
