// The certificates a member presented, most recent first, with their file, a rejected one's reason and
// (for the desk) its actions.
import type { TCertificate } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { formatDate } from '../../lib/format';
import { CERTIFICATE_KIND_NAMES } from './certificate-labels';

export function CertificateList({ certificates, download, actions }: { certificates: TCertificate[]; download: (certificate: TCertificate) => void; actions?: (certificate: TCertificate) => ReactNode }) {
  const { i18n } = useLingui();
  if (certificates.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        <Trans>Nessun certificato presentato.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {certificates.map((certificate) => {
        const from = formatDate(certificate.issue_date);
        const until = formatDate(certificate.expiry_date);
        const reason = certificate.rejection_reason;
        return (
          <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {i18n._(CERTIFICATE_KIND_NAMES[certificate.kind])} · {certificate.issued_by} · <Trans>dal {from} al {until}</Trans>{' '}
              {certificate.verified_at ? (
                <Badge tone="green">
                  <Trans>Verificato</Trans>
                </Badge>
              ) : certificate.rejected_at ? (
                <Badge tone="red">
                  <Trans>Non accettato</Trans>
                </Badge>
              ) : (
                <Badge tone="yellow">
                  <Trans>Da verificare</Trans>
                </Badge>
              )}
              {reason && (
                <span className="mt-1 block text-coral-700">
                  <Trans>Rifiutato: {reason}</Trans>
                </span>
              )}
            </span>
            <span className="flex gap-2">
              {certificate.has_file && (
                <Button size="sm" variant="secondary" onClick={() => download(certificate)}>
                  <Trans>Scarica file</Trans>
                </Button>
              )}
              {actions?.(certificate)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
