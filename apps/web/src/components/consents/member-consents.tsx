// The desk's view of a member's consents (the member's page in /admin/users): the optional consents, the
// guardian who consented for a child under 14, and for anyone under 18 that a parent must sign.
import { CONSENT_MESSAGES } from '@beach/contracts';
import { DetailSection } from '../admin/detail-modal';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Spinner } from '../ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useMemberConsents } from '../../lib/consents';
import { ConsentHistory } from './consent-history';

const yesNo = (value: boolean) => (value ? <Badge tone="green">Sì</Badge> : <Badge tone="neutral">No</Badge>);

export function MemberConsents({ userId }: { userId: number }) {
  const consents = useMemberConsents(userId);
  const data = consents.data;
  return (
    <DetailSection
      title="Consensi"
      items={
        data
          ? [
              { label: 'Informativa privacy', value: data.privacy_version ? `Accettata (versione ${data.privacy_version})` : 'Accettata alla registrazione' },
              { label: 'Foto e video', value: yesNo(data.photos) },
              { label: 'Newsletter', value: yesNo(data.newsletter) },
              { label: 'Genitore o tutore', value: data.guardian ? `${data.guardian.name} · ${data.guardian.fiscal_code} · ${formatDateTime(data.guardian.accepted_at)}` : '—' },
            ]
          : undefined
      }
    >
      <div className="mt-2 space-y-2">
        {consents.isPending && <Spinner label="Caricamento dei consensi..." />}
        {consents.isError && <Alert tone="error">Non è stato possibile leggere i consensi.</Alert>}
        {data?.needs_parent_signature && <Alert tone="warning">{CONSENT_MESSAGES.parentSignature}</Alert>}
        {data && (
          <details className="text-sm">
            <summary className="cursor-pointer text-sea-700">Storico dei consensi</summary>
            <ConsentHistory history={data.history} />
          </details>
        )}
      </div>
    </DetailSection>
  );
}
