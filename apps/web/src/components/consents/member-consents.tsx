// The desk's view of a member's consents (the member's page in /admin/users): the optional consents, the
// guardian who consented for a child under 14, and for anyone under 18 that a parent must sign.
import { consentMessages } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { DetailSection } from '../admin/detail-modal';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Spinner } from '../ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useMemberConsents } from '../../lib/consents';
import { ConsentHistory } from './consent-history';

const yesNo = (value: boolean) =>
  value ? (
    <Badge tone="green">
      <Trans>Sì</Trans>
    </Badge>
  ) : (
    <Badge tone="neutral">
      <Trans>No</Trans>
    </Badge>
  );

export function MemberConsents({ userId }: { userId: number }) {
  const { i18n, t } = useLingui();
  const consents = useMemberConsents(userId);
  const data = consents.data;
  const version = data?.privacy_version;
  return (
    <DetailSection
      title={t`Consensi`}
      items={
        data
          ? [
              { label: t`Informativa privacy`, value: version ? t`Accettata (versione ${version})` : t`Accettata alla registrazione` },
              { label: t`Foto e video`, value: yesNo(data.photos) },
              { label: t`Newsletter`, value: yesNo(data.newsletter) },
              { label: t`Genitore o tutore`, value: data.guardian ? `${data.guardian.name} · ${data.guardian.fiscal_code} · ${formatDateTime(data.guardian.accepted_at)}` : '—' },
            ]
          : undefined
      }
    >
      <div className="mt-2 space-y-2">
        {consents.isPending && <Spinner label={t`Caricamento dei consensi...`} />}
        {consents.isError && <Alert tone="error">
            <Trans>Non è stato possibile leggere i consensi.</Trans>
          </Alert>}
        {data?.needs_parent_signature && <Alert tone="warning">{i18n._(consentMessages.parentSignature)}</Alert>}
        {data && (
          <details className="text-sm">
            <summary className="cursor-pointer text-sea-700">
              <Trans>Storico dei consensi</Trans>
            </summary>
            <ConsentHistory history={data.history} />
          </details>
        )}
      </div>
    </DetailSection>
  );
}
