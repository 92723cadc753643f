import type { TBackOfficeMembership } from '@beach/contracts';
import CheckCircle from 'lucide-react/icons/circle-check';
import Download from 'lucide-react/icons/download';
import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import Trash from 'lucide-react/icons/trash-2';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { MembershipActions } from './use-membership-actions';

function IconButton({ label, icon: Icon, onClick, disabled, tone = 'neutral', children }: { label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; onClick: () => void; disabled?: boolean; tone?: 'neutral' | 'green' | 'red'; children?: ReactNode }) {
  const tones = { neutral: 'text-sea-800 hover:bg-sea-50', green: 'text-emerald-700 hover:bg-emerald-50', red: 'text-coral-600 hover:bg-rose-50' };
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className={`inline-flex h-9 min-w-9 items-center justify-center rounded-lg p-2 focus-visible:outline-2 focus-visible:outline-sea-700 disabled:opacity-50 ${tones[tone]}`}>
      <Icon aria-hidden className="h-4 w-4" />
      {children}
    </button>
  );
}

/** Row actions: details, PDF, activate (admin, pending), delete (admin); and the editor (admin). */
export function MembershipRowActions({ membership, actions, onShow }: { membership: TBackOfficeMembership; actions: MembershipActions; onShow: () => void }) {
  const number = membership.membership_number;
  const pending = membership.status === 'pending';
  return (
    <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
      <IconButton label={`Dettagli tessera ${number}`} icon={Eye} onClick={onShow} />
      {!pending && <IconButton label={`Scarica PDF tessera ${number}`} icon={Download} onClick={() => void actions.downloadPdf(membership)} />}
      {actions.canManage && pending && (
        <IconButton label={`Attiva tessera ${number}`} icon={CheckCircle} tone="green" disabled={actions.isActivating(membership.id)} onClick={() => void actions.activate(membership)} />
      )}
      {actions.canManage && (
        <Link to={`${paths.admin.membershipEditor}?id=${membership.id}`} aria-label={`Modifica tessera ${number}`} title={`Modifica tessera ${number}`} className="inline-flex h-9 min-w-9 items-center justify-center rounded-lg p-2 text-sea-800 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-700">
          <Pencil aria-hidden className="h-4 w-4" />
        </Link>
      )}
      {actions.canManage && <IconButton label={`Elimina tessera ${number}`} icon={Trash} tone="red" onClick={() => void actions.remove(membership)} />}
    </div>
  );
}
