// The staff's read-only view of a member's children on the member's page (docs/school.md#families):
// health notes included, for the staff and the coaches only.
import { ageOn, romeToday } from '@beach/contracts';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useMemberChildren } from '../../children';

export function MemberChildren({ userId }: { userId: number }) {
  const children = useMemberChildren(userId);
  const rows = children.data ?? [];
  return (
    <DetailSection title={children.data ? `Figli (${rows.length})` : 'Figli'}>
      {children.isPending && <Spinner label="Caricamento dei figli..." />}
      {children.isError && <Alert tone="error">Non è stato possibile leggere i figli.</Alert>}
      {children.data && rows.length === 0 && <p className="mt-2 text-sm text-slate-500">Nessun figlio.</p>}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map((child) => (
          <li key={child.id} className="space-y-1 py-2">
            <p>
              <span className="font-semibold">
                {child.first_name} {child.last_name}
              </span>{' '}
              · {formatDate(child.birth_date)} ({ageOn(child.birth_date, romeToday())} anni){child.fiscal_code && ` · ${child.fiscal_code}`}{' '}
              {child.photo_consent ? <Badge tone="green">Foto sì</Badge> : <Badge tone="neutral">Foto no</Badge>}
            </p>
            <p className="whitespace-pre-line break-words">
              <span className="text-slate-500">Note sulla salute:</span> {child.health_notes ?? '—'}
            </p>
            <p className="whitespace-pre-line break-words">
              <span className="text-slate-500">Autorizzati al ritiro:</span> {child.pickup_people ?? '—'}
            </p>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
