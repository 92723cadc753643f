// The backups on the admin dashboard (docs/domain.md#backups, docs/screens.md#dashboard): the last backup
// made — when, its size, the folder it is in — in green while recent; a warning when none was made in the
// last 26 hours (or ever); in red, with the reason, when the last run failed. A standing state, said
// politely like the books' verification. Admins only.
import { BACKUP_STALE_AFTER_HOURS, type TBackupStatus } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { formatBytes, formatDate, formatTime } from '../../../lib/format';
import { useBackupStatus } from '../api/dashboard';
import { dashboardErrorMessage } from '../dashboard-errors';
import { DashboardPanel, loadFailure } from './dashboard-panel';

const when = (at: string) => `${formatDate(at)} alle ${formatTime(at)}`;

const BACKUP_MESSAGES = {
  recent: (at: string) => `Ultimo backup il ${when(at)}.`,
  stale: (at: string) => `L’ultimo backup è del ${when(at)}, più di ${BACKUP_STALE_AFTER_HOURS} ore fa.`,
  never: 'Nessun backup è stato ancora fatto.',
  schedule: 'Il backup si fa ogni notte alle 3:30: controlla che il programma sia in funzione e che la cartella dei backup abbia spazio.',
  failed: (at: string) => `L’ultimo backup, il ${when(at)}, non è riuscito.`,
  lastMade: (at: string) => `L’ultimo riuscito è del ${when(at)}.`,
  noneMade: 'Nessun backup è ancora riuscito.',
} as const;

function State({ status }: { status: TBackupStatus }) {
  const { state, last_success: made, last_failure: failure } = status;
  if (state === 'recent') return <Alert tone="success" standing>{BACKUP_MESSAGES.recent(made!.finished_at)}</Alert>;
  if (state === 'stale') {
    return (
      <Alert tone="warning" standing title={made ? BACKUP_MESSAGES.stale(made.finished_at) : BACKUP_MESSAGES.never}>
        {BACKUP_MESSAGES.schedule}
      </Alert>
    );
  }
  return (
    <Alert tone="error" standing title={BACKUP_MESSAGES.failed(failure!.finished_at)}>
      <p className="break-words">Motivo: {failure!.error}</p>
      <p className="mt-1">{made ? BACKUP_MESSAGES.lastMade(made.finished_at) : BACKUP_MESSAGES.noneMade}</p>
    </Alert>
  );
}

export function BackupCard() {
  const status = useBackupStatus();
  const made = status.data?.last_success;
  return (
    <DashboardPanel id="backup-title" title="Backup" failure={loadFailure(status, dashboardErrorMessage)} loading={status.isPending} loadingLabel="Caricamento dello stato dei backup...">
      {status.data && <State status={status.data} />}
      {made && (
        <dl aria-label="Ultimo backup riuscito" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Dimensione</dt>
          <dd className="text-slate-800">{formatBytes(made.bytes)}</dd>
          <dt className="text-slate-500">Cartella</dt>
          <dd className="font-mono text-xs break-all text-slate-800">{made.location}</dd>
        </dl>
      )}
    </DashboardPanel>
  );
}
