// The audit log calls: the entries, and the staff and admins who can have written them.
import type { TAuditLogQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const useAuditLog = (query: TAuditLogQuery) =>
  useQuery({ queryKey: ['audit-log', query], queryFn: () => callApi(api.auditLog.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

/** Everyone who can write in the back-office: staff, admins and the coaches who take attendance (a centre has a handful). */
export const useOperators = () =>
  useQuery({
    queryKey: ['audit-log', 'operators'],
    queryFn: async () => {
      const lists = await Promise.all((['admin', 'staff', 'coach'] as const).map((role) => callApi(api.users.list, { query: { role, per_page: 100 } })));
      return lists.flatMap((list) => list.data);
    },
    staleTime: 5 * 60_000,
  });

/** The member a link opened the log for (?user_id=), to name them in the filter. */
export const useAuditedMember = (id: number | null) =>
  useQuery({ queryKey: ['audit-log', 'member', id], queryFn: async () => (await callApi(api.users.show, { params: { id: id! } })).user, enabled: id !== null });
