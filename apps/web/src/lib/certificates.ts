// Calls for medical certificates: the member's own, the desk's view of a member, the back-office list.
import { CERTIFICATE_FILE_EXTENSIONS, type TCertificate, type TCertificateBody, type TCertificateExportQuery, type TCertificateListQuery, type TCertificateSettings } from '@beach/contracts';
import { api } from './api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile, sendForm } from './api-client';

const keys = {
  all: ['certificates'] as const,
  mine: ['certificates', 'mine'] as const,
  member: (userId: number) => ['certificates', 'member', userId] as const,
  list: (query: TCertificateListQuery) => ['certificates', 'list', query] as const,
  settings: ['certificates', 'settings'] as const,
};

/** The form's fields and the optional file, as multipart (a child's upload sends the same). */
export function certificateFormData(body: TCertificateBody, file: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, String(value));
  if (file) form.append('file', file);
  return form;
}

function useCertificateMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useMyCertificate = () => useQuery({ queryKey: keys.mine, queryFn: () => callApi(api.certificates.mine), staleTime: 0 });
export const useUploadCertificate = () =>
  useCertificateMutation(({ body, file }: { body: TCertificateBody; file: File | null }) => sendForm(api.certificates.upload, certificateFormData(body, file)));

export const useMemberCertificates = (userId: number) =>
  useQuery({ queryKey: keys.member(userId), queryFn: () => callApi(api.certificates.ofMember, { params: { id: userId } }), staleTime: 0 });
export const useRecordCertificate = (userId: number) =>
  useCertificateMutation(({ body, file }: { body: TCertificateBody; file: File | null }) => sendForm(api.certificates.record, certificateFormData(body, file), { params: { id: userId } }));
export const useVerifyCertificate = () => useCertificateMutation((id: number) => callApi(api.certificates.verify, { params: { id } }));
export const useRejectCertificate = () => useCertificateMutation(({ id, reason }: { id: number; reason: string }) => callApi(api.certificates.reject, { params: { id }, body: { reason } }));

const fileName = (certificate: Pick<TCertificate, 'id' | 'file_type'>) => `certificato-${certificate.id}.${certificate.file_type ? CERTIFICATE_FILE_EXTENSIONS[certificate.file_type] : 'pdf'}`;
export const downloadMyCertificate = (certificate: TCertificate) => downloadFile(api.certificates.myFile, { params: { id: certificate.id } }, fileName(certificate));
export const downloadCertificate = (certificate: Pick<TCertificate, 'id' | 'file_type'>) => downloadFile(api.certificates.file, { params: { id: certificate.id } }, fileName(certificate));

export const useCertificateList = (query: TCertificateListQuery) =>
  useQuery({ queryKey: keys.list(query), queryFn: () => callApi(api.certificates.list, { query }), staleTime: 0 });
export const exportCertificates = (query: TCertificateExportQuery) => downloadFile(api.certificates.export, { query }, `certificati-${query.filter ?? 'all'}.csv`);

export const useCertificateSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => callApi(api.certificates.settings) });
export const useSaveCertificateSettings = () =>
  useCertificateMutation((body: TCertificateSettings) => callApi(api.certificates.saveSettings, { body }));
