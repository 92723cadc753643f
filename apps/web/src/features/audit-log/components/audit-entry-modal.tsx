// One audit-log entry in full: what was sent, and the values before and after the write.
import type { TAuditEntry } from '@beach/contracts';
import { DetailModal, DetailSection } from '../../../components/admin/detail-modal';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { actionText, entityText } from '../entity-labels';

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <DetailSection title={title}>
      {value === null || value === undefined ? (
        <p className="mt-2 text-sm text-slate-500">Nessun valore registrato.</p>
      ) : (
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap break-all text-slate-800">{JSON.stringify(value, null, 2)}</pre>
      )}
    </DetailSection>
  );
}

export function AuditEntryModal({ entry, onClose }: { entry: TAuditEntry | null; onClose: () => void }) {
  return (
    <DetailModal
      open={entry !== null}
      title={entry ? `Modifica del ${formatDateTime(entry.created_at)}` : ''}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          Chiudi
        </Button>
      }
    >
      {entry && (
        <>
          <DetailSection
            title="Chi e cosa"
            items={[
              { label: 'Operatore', value: entry.actor.name ?? `Utente #${entry.actor.id}` },
              { label: 'Azione', value: actionText(entry) },
              { label: 'Richiesta al server', value: entry.route && <span className="font-mono text-xs">{entry.route}</span> },
              { label: 'Oggetto', value: entityText(entry) },
              { label: 'Utente interessato', value: entry.subject_user ? (entry.subject_user.name ?? `#${entry.subject_user.id}`) : null },
              { label: 'Indirizzo IP', value: entry.ip_address },
              { label: 'Richiesta', value: entry.request_id },
            ]}
          />
          <JsonBlock title="Dati inviati" value={entry.input} />
          <JsonBlock title="Prima" value={entry.before} />
          <JsonBlock title="Dopo" value={entry.after} />
        </>
      )}
    </DetailModal>
  );
}
