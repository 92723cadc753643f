// What an admin can do to a card from the list, the detail or the banner: each action asks for
// confirmation, reports its outcome with the screen's own words (messages.ts), and is refused on the
// screen too when the user lacks the right (docs/screens.md#memberships-screen).
import { ROLE_DISPLAY_NAMES, type TBackOfficeMembership, type TRole, type TUser } from '@beach/contracts';
import { useRef, useState } from 'react';
import type { ConfirmOptions } from '../../../components/admin/confirm-dialog';
import type { NoticeTone } from '../../../components/admin/notices';
import { downloadAdminMembershipPdf, useActivateMembership, useDeleteMembership } from '../api/admin-memberships';
import { useChangeRole } from '../../../lib/shared-queries';
import { isForbidden, serverMessage } from '../../../lib/api-errors';
import { MESSAGES } from './messages';

const holderName = (membership: TBackOfficeMembership) => `${membership.user.first_name} ${membership.user.last_name}`;

export function useMembershipActions({ user, notify, confirm }: { user: TUser; notify: (text: string, tone?: NoticeTone) => void; confirm: (options: ConfirmOptions) => Promise<boolean> }) {
  const canManage = user.is_admin;
  const activateCall = useActivateMembership();
  const deleteCall = useDeleteMembership();
  const roleCall = useChangeRole();
  // One activation per card at a time, however quickly the button is pressed again.
  const activatingIds = useRef(new Set<number>());
  const [activating, setActivating] = useState<ReadonlySet<number>>(new Set());
  const [roleChanging, setRoleChanging] = useState<number | null>(null);

  const markActivating = (id: number, on: boolean) => {
    if (on) activatingIds.current.add(id);
    else activatingIds.current.delete(id);
    setActivating(new Set(activatingIds.current));
  };

  async function activate(membership: TBackOfficeMembership): Promise<boolean> {
    if (!canManage) {
      notify(MESSAGES.noActivateRight, 'error');
      return false;
    }
    if (activatingIds.current.has(membership.id)) return false;
    const confirmed = await confirm({
      title: 'Attiva tessera',
      message: `Vuoi attivare la tessera ${membership.membership_number} di ${holderName(membership)}? Il tesserato riceverà un’e-mail con la tessera.`,
      confirmLabel: 'Attiva',
    });
    // Checked again: the same card may have been confirmed from the banner and the list meanwhile.
    if (!confirmed || activatingIds.current.has(membership.id)) return false;
    markActivating(membership.id, true);
    try {
      await activateCall.mutateAsync(membership.id);
      notify(MESSAGES.activated(membership.membership_number));
      return true;
    } catch (error) {
      notify(isForbidden(error) ? MESSAGES.noActivateRight : MESSAGES.activateFailed, 'error');
      return false;
    } finally {
      markActivating(membership.id, false);
    }
  }

  async function remove(membership: TBackOfficeMembership): Promise<boolean> {
    if (!canManage) {
      notify(MESSAGES.noDeleteRight, 'error');
      return false;
    }
    const confirmed = await confirm({
      title: 'Elimina tessera',
      message: `Vuoi eliminare la tessera ${membership.membership_number} di ${holderName(membership)}? Questa azione non può essere annullata.`,
      confirmLabel: 'Elimina',
      tone: 'danger',
    });
    if (!confirmed) return false;
    try {
      const { message } = await deleteCall.mutateAsync(membership.id);
      notify(message);
      return true;
    } catch (error) {
      const explained = serverMessage(error);
      notify(isForbidden(error) ? MESSAGES.noDeleteRight : explained ? `Errore: ${explained}` : MESSAGES.deleteFailed, 'error');
      return false;
    }
  }

  async function changeRole(membership: TBackOfficeMembership, role: TRole) {
    const holder = membership.user;
    if (role === holder.role) return;
    if (!user.permissions.can_modify_users || holder.id === user.id) return notify(MESSAGES.noRoleRight, 'error');
    const confirmed = await confirm({
      title: 'Cambia ruolo',
      message: `Vuoi cambiare il ruolo di ${holderName(membership)} da ${ROLE_DISPLAY_NAMES[holder.role]} a ${ROLE_DISPLAY_NAMES[role]}?`,
      confirmLabel: 'Cambia ruolo',
    });
    if (!confirmed) return;
    setRoleChanging(holder.id);
    try {
      const { message } = await roleCall.mutateAsync({ id: holder.id, role });
      notify(message);
    } catch (error) {
      notify(isForbidden(error) ? MESSAGES.noRoleRight : (serverMessage(error) ?? MESSAGES.roleFailed), 'error');
    } finally {
      setRoleChanging(null);
    }
  }

  async function downloadPdf(membership: TBackOfficeMembership) {
    try {
      await downloadAdminMembershipPdf(membership);
    } catch {
      notify(MESSAGES.pdfFailed, 'error');
    }
  }

  return { canManage, activate, remove, changeRole, downloadPdf, isActivating: (id: number) => activating.has(id), roleChanging };
}

export type MembershipActions = ReturnType<typeof useMembershipActions>;
