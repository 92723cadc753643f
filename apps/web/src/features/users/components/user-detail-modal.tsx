// A member's page: profile, cards, bookings and payments; for admins (can_modify_users)
// also edit, role change, disable/enable and erasure, each behind a confirmation.
import { BOOKING_STATUS_LABELS, buildPath, DESK_PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_TYPE_LABELS, ROLE_DISPLAY_NAMES, ROLES, isAdminUserDetail, type TAdminUser, type TBackOfficeUserDetail, type TRole } from '@beach/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DetailModal, DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { MemberCertificates } from '../../../components/certificates/member-certificates';
import { MemberConsents } from '../../../components/consents/member-consents';
import { MemberCarnets } from '../../carnets';
import { MemberEnrolments } from '../../school-desk';
import { MemberCredit } from '../../credit';
import { useUserDetail } from '../api/users';
import { MemberChildren } from './member-children';
import { MemberLevels } from './member-levels';
import { isUnpaid, UnpaidBookings } from './unpaid-bookings';
import { USERS_MESSAGES } from '../messages';

export interface UserActions {
  canModify: boolean;
  /** Admins read the audit log; the member's page links to it filtered on them. */
  canReadAuditLog: boolean;
  currentUserId: number;
  edit: (user: TAdminUser) => void;
  changeRole: (user: TAdminUser, role: TRole) => void;
  setDisabled: (user: TAdminUser, disabled: boolean) => void;
  erase: (user: TAdminUser) => void;
}

export const userStatus = (user: TAdminUser) =>
  user.erased_at ? <Badge tone="neutral">Dati cancellati</Badge> : user.disabled_at ? <Badge tone="red">Disattivato</Badge> : <Badge tone="green">Attivo</Badge>;

function RecordList<Row>({ title, rows, empty, render }: { title: string; rows: Row[]; empty: string; render: (row: Row) => ReactNode }) {
  return (
    <DetailSection title={`${title} (${rows.length})`}>
      {rows.length === 0 ? <p className="mt-2 text-sm text-slate-500">{empty}</p> : <ul className="mt-2 divide-y divide-slate-100 text-sm">{rows.map(render)}</ul>}
    </DetailSection>
  );
}

function Records({ detail }: { detail: TBackOfficeUserDetail }) {
  // A card's price comes to admins only.
  const prices = new Map(isAdminUserDetail(detail) ? detail.memberships.map((card) => [card.id, card.price]) : []);
  const priceOf = (cardId: number) => {
    const price = prices.get(cardId);
    return price === undefined ? null : formatMoney(price);
  };
  return (
    <>
      <RecordList
        title="Tessere"
        rows={detail.memberships}
        empty="Nessuna tessera."
        render={(card) => (
          <li key={card.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              <span className="font-mono font-semibold">{card.membership_number}</span> · {MEMBERSHIP_TYPE_LABELS[card.type]} · {formatDate(card.start_date)} – {formatDate(card.end_date)}
            </span>
            <span>
              {priceOf(card.id)} <Badge tone={card.status === 'active' ? 'green' : card.status === 'pending' ? 'yellow' : 'neutral'}>{MEMBERSHIP_STATUS_LABELS[card.status]}</Badge>
            </span>
          </li>
        )}
      />
      <RecordList
        title="Prenotazioni"
        rows={detail.bookings}
        empty="Nessuna prenotazione."
        render={(booking) => (
          <li key={booking.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {formatDateTime(booking.starts_at)} · {booking.court_name}
            </span>
            {/* Still owed is never a green "Confermata": the ledger says what is left to collect. */}
            <span>
              {formatMoney(booking.price)}{' '}
              {isUnpaid(booking) ? (
                <Badge tone="yellow">{`Da pagare · ${formatMoney(booking.owed)}`}</Badge>
              ) : (
                <Badge tone={booking.status === 'confirmed' ? 'green' : 'neutral'}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
              )}
            </span>
          </li>
        )}
      />
      {/* Payments are for admins: staff are sent the page without them. */}
      {isAdminUserDetail(detail) && (
      <RecordList
        title="Pagamenti"
        rows={detail.payments}
        empty="Nessun pagamento."
        render={(payment) => (
          <li key={payment.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {formatDate(payment.paid_at ?? payment.created_at)} · {payment.type === 'refund' ? 'Rimborso' : payment.kind === 'membership' ? 'Tessera' : 'Prenotazione'} · {DESK_PAYMENT_METHOD_LABELS[payment.method]}
            </span>
            <span className={payment.type === 'refund' ? 'text-coral-600' : undefined}>
              {payment.type === 'refund' ? '−' : ''}
              {formatMoney(payment.amount)} · {PAYMENT_STATUS_LABELS[payment.status]}
            </span>
          </li>
        )}
      />
      )}
    </>
  );
}

export function UserDetailModal({ userId, onClose, actions }: { userId: number | null; onClose: () => void; actions: UserActions }) {
  const detail = useUserDetail(userId);
  const user = detail.data?.user;
  const changeable = Boolean(user && actions.canModify && !user.erased_at);
  const isSelf = user?.id === actions.currentUserId;

  return (
    <DetailModal
      open={userId !== null}
      title={user ? `${user.first_name} ${user.last_name}` : 'Scheda utente'}
      onClose={onClose}
      footer={
        <>
          {changeable && user && !isSelf && (
            <>
              <Button variant="danger" onClick={() => actions.erase(user)}>
                Cancella dati
              </Button>
              <Button variant="secondary" onClick={() => actions.setDisabled(user, !user.disabled_at)}>
                {user.disabled_at ? 'Riattiva account' : 'Disattiva account'}
              </Button>
            </>
          )}
          {user && (
            <Link className={buttonClasses('ghost')} to={buildPath(paths.admin.amountsDue, { id: user.id })}>
              Importi da pagare
            </Link>
          )}
          {actions.canReadAuditLog && user && (
            <Link className={buttonClasses('ghost')} to={`${paths.admin.auditLog}?user_id=${user.id}`}>
              Registro attività
            </Link>
          )}
          {changeable && user && <Button onClick={() => actions.edit(user)}>Modifica</Button>}
          <Button variant="ghost" onClick={onClose}>
            Chiudi
          </Button>
        </>
      }
    >
      {detail.isPending && <Spinner label="Caricamento della scheda..." />}
      {detail.isError && <Alert tone="error">{USERS_MESSAGES.detailFailed}</Alert>}
      {user && detail.data && (
        <>
          <DetailSection
            title="Profilo"
            items={[
              { label: 'E-mail', value: user.email },
              { label: 'Telefono', value: user.phone ?? '—' },
              { label: 'Data di nascita', value: user.birth_date ? formatDate(user.birth_date) : '—' },
              { label: 'Residenza', value: user.residence ?? '—' },
              { label: 'Registrato il', value: formatDate(user.created_at) },
              { label: 'Stato', value: userStatus(user) },
              { label: 'Ruolo', value: user.role_display_name },
            ]}
          >
            {changeable && !isSelf && (
              <div className="mt-3 max-w-xs">
                <Select
                  label="Cambia ruolo"
                  value={user.role}
                  options={ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }))}
                  onValueChange={(role) => actions.changeRole(user, role)}
                />
              </div>
            )}
          </DetailSection>
          <MemberConsents userId={user.id} />
          <UnpaidBookings bookings={detail.data.bookings} owed={detail.data.owed} />
          <MemberCredit userId={user.id} />
          <MemberCarnets userId={user.id} />
          <MemberChildren userId={user.id} />
          <MemberEnrolments userId={user.id} />
          <MemberCertificates userId={user.id} />
          {actions.canModify && <MemberLevels userId={user.id} />}
          <Records detail={detail.data} />
        </>
      )}
    </DetailModal>
  );
}
