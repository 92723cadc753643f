// How a member pays an amount due by transfer (docs/annual-accounts.md#paying-by-transfer).
import { api } from '@beach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How to pay an enrolment's next instalment by transfer, asked when the member opens it. */
export const useEnrolmentTransfer = (enrolmentId: number, enabled: boolean) =>
  useQuery({ queryKey: ['bank-transfer', 'enrolment', enrolmentId], queryFn: () => callApi(api.bank.enrolmentTransfer, { params: { id: enrolmentId } }), enabled, staleTime: 0 });
