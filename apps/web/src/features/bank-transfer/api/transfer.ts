// How a member pays an amount due by transfer (docs/annual-accounts.md#paying-by-transfer).
import { api } from '../../../lib/api-routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** An amount due of the member's that can be paid by transfer: an enrolment's next instalment, a card waiting for its payment, their part of a tournament entry, their debt. */
export type TransferOwed = { kind: 'enrolment'; id: number } | { kind: 'membership'; id: number } | { kind: 'tournament'; entryId: number } | { kind: 'debt' };

const ask = (owed: TransferOwed) => {
  switch (owed.kind) {
    case 'enrolment': return callApi(api.bank.enrolmentTransfer, { params: { id: owed.id } });
    case 'membership': return callApi(api.bank.membershipTransfer, { params: { id: owed.id } });
    case 'tournament': return callApi(api.bank.tournamentTransfer, { params: { id: owed.entryId } });
    case 'debt': return callApi(api.bank.debtTransfer);
  }
};

/** How to pay it by transfer, asked when the member opens it (never cached: the amount follows what is paid). */
export const useTransferDetails = (owed: TransferOwed, enabled: boolean) =>
  useQuery({ queryKey: ['bank-transfer', owed], queryFn: () => ask(owed), enabled, staleTime: 0 });
