// Calls of the rain check (docs/domain.md#rain-check), opened from the desk planner: the preview of the
// bookings it hits, starting it, and its progress, read every second until the job has finished.
import type { TRainCheckBody, TRainCheckPreviewBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The rain check's cache keys: no other feature reads or invalidates them. */
const rainCheckKeys = {
  preview: (body: TRainCheckPreviewBody) => ['rain-checks', 'preview', body] as const,
  one: (id: number) => ['rain-checks', 'one', id] as const,
};

/** The bookings the range would hit, read again whenever the range, the courts or the return change. */
export const useRainCheckPreview = (body: TRainCheckPreviewBody, enabled: boolean) =>
  useQuery({ queryKey: rainCheckKeys.preview(body), queryFn: () => callApi(api.rainChecks.preview, { body }), enabled, staleTime: 0, placeholderData: keepPreviousData });

/** Nothing is read again when it starts: the dialog follows the job's progress, and the planner with it. */
export const useStartRainCheck = () => useMutation({ mutationFn: (body: TRainCheckBody) => callApi(api.rainChecks.create, { body }) });

/** The job's progress, every second until it has completed. */
export const useRainCheckProgress = (id: number | null) =>
  useQuery({
    queryKey: rainCheckKeys.one(id ?? 0),
    queryFn: () => callApi(api.rainChecks.show, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 1000),
  });
