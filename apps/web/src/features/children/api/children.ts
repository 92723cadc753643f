// Calls for the children on the member's account: their own list, add, edit, remove; and the staff's
// read-only view of a member's children (the member's page in the back-office).
import type { TCertificateBody, TChildBody, TNewChildBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile, sendForm } from '../../../lib/api-client';
import { certificateFormData } from '../../../lib/certificates';

/** Children's cache keys: no other feature reads or invalidates them. */
const childKeys = {
  mine: ['children', 'mine'] as const,
  member: (userId: number) => ['children', 'member', userId] as const,
  statementYears: (childId: number) => ['children', 'statement-years', childId] as const,
};

export const useMyChildren = () => useQuery({ queryKey: childKeys.mine, queryFn: async () => (await callApi(api.children.mine)).data });

export const useMemberChildren = (userId: number) =>
  useQuery({ queryKey: childKeys.member(userId), queryFn: async () => (await callApi(api.children.ofMember, { params: { id: userId } })).data, staleTime: 0 });

/** A child added (id null) or edited: the list is read again. */
export const useSaveChild = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TChildBody | TNewChildBody }) =>
      id === null ? callApi(api.children.create, { body: body as TNewChildBody }) : callApi(api.children.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKeys.mine }),
  });
};

export const useRemoveChild = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(api.children.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKeys.mine }),
  });
};

/** A child's medical certificate uploaded by the parent (the member's own form): the list, with its state, is read again. */
export const useUploadChildCertificate = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: { body: TCertificateBody; file: File | null }) => sendForm(api.certificates.uploadForChild, certificateFormData(body, file), { params: { id: childId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKeys.mine }),
  });
};

/** The years with payments for a child's enrolments, newest first (only asked for a child once enrolled). */
export const useStatementYears = (childId: number, enabled: boolean) =>
  useQuery({ queryKey: childKeys.statementYears(childId), queryFn: async () => (await callApi(api.children.statementYears, { params: { id: childId } })).years, enabled });

/** A child's yearly statement of sport expenses, saved as a PDF. */
export const downloadStatement = (childId: number, year: number) => downloadFile(api.children.statement, { params: { id: childId }, query: { year } }, `dichiarazione-${year}-${childId}.pdf`);
