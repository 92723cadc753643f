// The certificates a member presented, most recent first, with their file, a rejected one's reason and
// (for the desk) its actions.
import { CERTIFICATE_KIND_LABELS, type TCertificate } from '@beach/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { formatDate } from '../../lib/format';

export function CertificateList({ certificates, download, actions }: { certificates: TCertificate[]; download: (certificate: TCertificate) => void; actions?: (certificate: TCertificate) => ReactNode }) {
  if (certificates.length === 0) return <p className="text-sm text-slate-500">Nessun certificato presentato.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {certificates.map((certificate) => (
        <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            {CERTIFICATE_KIND_LABELS[certificate.kind]} · {certificate.issued_by} · dal {formatDate(certificate.issue_date)} al {formatDate(certificate.expiry_date)}{' '}
            {certificate.verified_at ? <Badge tone="green">Verificato</Badge> : certificate.rejected_at ? <Badge tone="red">Non accettato</Badge> : <Badge tone="yellow">Da verificare</Badge>}
            {certificate.rejection_reason && <span className="mt-1 block text-coral-700">Rifiutato: {certificate.rejection_reason}</span>}
          </span>
          <span className="flex gap-2">
            {certificate.has_file && (
              <Button size="sm" variant="secondary" onClick={() => download(certificate)}>
                Scarica file
              </Button>
            )}
            {actions?.(certificate)}
          </span>
        </li>
      ))}
    </ul>
  );
}
