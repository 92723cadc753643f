import { ROLE_DISPLAY_NAMES, ROLES, type TBackOfficeMembership, type TRole } from '@beach/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { MembershipActions } from './use-membership-actions';

const ROLE_TONES: Record<TRole, BadgeTone> = { user: 'neutral', coach: 'green', staff: 'sea', admin: 'purple' };

export const RoleBadge = ({ role }: { role: TRole }) => <Badge tone={ROLE_TONES[role]}>{ROLE_DISPLAY_NAMES[role]}</Badge>;

/**
 * An admin changes another user's role from a dropdown; their own row shows '(Tu)'; everyone
 * else sees the badge.
 */
export function RoleCell({ membership, currentUserId, canModifyUsers, actions }: { membership: TBackOfficeMembership; currentUserId: number; canModifyUsers: boolean; actions: MembershipActions }) {
  const holder = membership.user;
  if (holder.id === currentUserId) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        <RoleBadge role={holder.role} />
        <span className="text-xs font-semibold text-slate-600">(Tu)</span>
      </span>
    );
  }
  if (!canModifyUsers) return <RoleBadge role={holder.role} />;
  return (
    <select
      aria-label={`Ruolo di ${holder.first_name} ${holder.last_name} (tessera ${membership.membership_number})`}
      value={holder.role}
      disabled={actions.roleChanging === holder.id}
      onChange={(event) => {
        const role = ROLES.find((known) => known === event.target.value);
        if (role) void actions.changeRole(membership, role);
      }}
      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus:outline-2 focus:outline-sea-700"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_DISPLAY_NAMES[role]}
        </option>
      ))}
    </select>
  );
}
