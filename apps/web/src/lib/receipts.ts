// Receipts: the member's own list, and the PDF of one (the member's own, or any for staff).
import { RECEIPT_KIND_LABELS, type TReceipt } from '@beach/contracts';
import { api } from './api-routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, downloadFile } from './api-client';

export const useMyReceipts = () => useQuery({ queryKey: ['my-receipts'], queryFn: async () => (await callApi(api.receipts.mine)).data });

/** Saved as ricevuta-2026-000123.pdf (or nota-rimborso-…), as the server names it. */
export const downloadReceipt = (receipt: Pick<TReceipt, 'id' | 'kind' | 'number'>) =>
  downloadFile(api.receipts.pdf, { params: { id: receipt.id } }, `${receipt.kind === 'refund' ? 'nota-rimborso' : 'ricevuta'}-${receipt.number.replace('/', '-')}.pdf`);

export const receiptTitle = (receipt: Pick<TReceipt, 'kind' | 'number'>) => `${RECEIPT_KIND_LABELS[receipt.kind]} n. ${receipt.number}`;
