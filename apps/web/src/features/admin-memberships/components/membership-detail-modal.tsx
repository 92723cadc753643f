// Detail modal: user, card and BVU for everyone; economics, payment and metadata for admins.
import { isAdminMembership, MEMBERSHIP_TYPE_LABELS, PAYMENT_STATUS_LABELS, type TBackOfficeMembership } from '@beach/contracts';
import CheckCircle from 'lucide-react/icons/circle-check';
import Download from 'lucide-react/icons/download';
import { DetailModal, DetailSection } from '../../../components/admin/detail-modal';
import { Button } from '../../../components/ui/button';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { MembershipStatusBadge } from '../../../components/membership-status-badge';
import { PAYMENT_METHOD_LABELS } from './labels';
import type { MembershipActions } from './use-membership-actions';

const yesNo = (value: boolean) => (value ? 'Sì' : 'No');

export function MembershipDetailModal({ membership, actions, onClose }: { membership: TBackOfficeMembership | null; actions: MembershipActions; onClose: () => void }) {
  const admin = actions.canManage;
  return (
    <DetailModal
      open={membership !== null}
      title={membership ? `Tessera ${membership.membership_number}` : ''}
      onClose={onClose}
      footer={
        membership && (
          <>
            {membership.status !== 'pending' && (
              <Button variant="secondary" onClick={() => void actions.downloadPdf(membership)}>
                <Download aria-hidden="true" className="h-4 w-4" />
                Scarica PDF
              </Button>
            )}
            {admin && membership.status === 'pending' && (
              <Button onClick={async () => (await actions.activate(membership)) && onClose()} loading={actions.isActivating(membership.id)} loadingText="Attivazione...">
                <CheckCircle aria-hidden="true" className="h-4 w-4" />
                Attiva tessera
              </Button>
            )}
            <Button variant="ghost" onClick={onClose}>
              Chiudi
            </Button>
          </>
        )
      }
    >
      {membership && (
        <>
          <DetailSection
            title="Informazioni utente"
            items={[
              { label: 'Nome completo', value: `${membership.user.first_name} ${membership.user.last_name}` },
              { label: 'E-mail', value: membership.user.email },
              { label: 'Telefono', value: membership.user.phone },
              { label: 'Data di nascita', value: membership.user.birth_date && formatDate(membership.user.birth_date) },
            ]}
          />
          <DetailSection
            title="Dettagli tessera"
            items={[
              { label: 'Tipo', value: MEMBERSHIP_TYPE_LABELS[membership.type] },
              { label: 'Stato', value: <MembershipStatusBadge status={membership.status} /> },
              { label: 'Codice fiscale', value: membership.fiscal_code },
              { label: 'Data inizio', value: formatDate(membership.start_date) },
              { label: 'Data fine', value: formatDate(membership.end_date) },
              { label: 'Assicurazione', value: membership.has_insurance === null ? null : membership.has_insurance ? 'Inclusa' : 'Non inclusa' },
              { label: 'Note', value: membership.notes },
            ]}
          />
          {membership.is_bvu_member && <DetailSection title="Tesserato BVU" items={[{ label: 'Numero tessera BVU', value: membership.bvu_card_code ?? '—' }]} />}
          {/* The server sends these fields to admins only. */}
          {admin && isAdminMembership(membership) && (
            <>
              <DetailSection
                title="Dati economici"
                items={[
                  { label: 'Prezzo originale', value: formatMoney(membership.original_price) },
                  { label: 'Sconto applicato', value: formatMoney(membership.discount_amount) },
                  { label: 'Prezzo finale', value: formatMoney(membership.price) },
                  { label: 'Coupon utilizzato', value: membership.coupon_code ?? 'Nessuno' },
                ]}
              />
              <DetailSection
                title="Informazioni pagamento"
                items={
                  membership.payment
                    ? [
                        { label: 'Metodo', value: PAYMENT_METHOD_LABELS[membership.payment.payment_method] },
                        { label: 'Stato pagamento', value: PAYMENT_STATUS_LABELS[membership.payment.status] },
                        { label: 'ID pagamento Stripe', value: membership.payment.stripe_payment_intent_id },
                        { label: 'Data pagamento', value: formatDateTime(membership.payment.created_at) },
                      ]
                    : []
                }
              >
                {!membership.payment && <p className="mt-2 text-sm text-slate-600">Nessun pagamento registrato.</p>}
              </DetailSection>
              <DetailSection
                title="Metadati"
                items={[
                  { label: 'Creata il', value: formatDateTime(membership.created_at) },
                  { label: 'Aggiornata il', value: formatDateTime(membership.updated_at) },
                  { label: 'PDF disponibile', value: yesNo(membership.pdf_path !== null) },
                  { label: 'QR code generato', value: yesNo(membership.qr_code !== null) },
                ]}
              />
            </>
          )}
        </>
      )}
    </DetailModal>
  );
}
