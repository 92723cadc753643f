// The preview of a course's sessions: each date with its time in Rome, whether it becomes a session,
// and what stands in the way on the courts when it does not; a lesson ending after dark on a court
// without lights is warned about, never skipped (docs/school.md#sessions).
import type { TCourseOccurrence, TCoursePreview } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatShortDay, formatTime } from '../../../lib/format';

const STATES: Record<TCourseOccurrence['state'], { label: string; tone: BadgeTone }> = {
  free: { label: 'Libera', tone: 'green' },
  conflict: { label: 'Saltata: conflitto', tone: 'red' },
  past: { label: 'Passata', tone: 'neutral' },
};

export function CoursePreview({ preview }: { preview: TCoursePreview }) {
  const inTheDark = preview.occurrences.filter((occurrence) => occurrence.warnings.length > 0).length;
  return (
    <section aria-label="Anteprima delle lezioni" className="mt-4 space-y-2">
      {inTheDark > 0 && (
        <Alert tone="warning" title={`${inTheDark} ${inTheDark === 1 ? 'lezione finisce' : 'lezioni finiscono'} al buio su campi senza luci`}>
          Il corso si può salvare lo stesso: controlla l’orario o i campi.
        </Alert>
      )}
      <p className="text-sm font-medium text-slate-800">
        {/* The dates to skip are left out before this: what is counted here is what the courts or the calendar refuse. */}
        {preview.free} {preview.free === 1 ? 'lezione libera' : 'lezioni libere'}, {preview.skipped} {preview.skipped === 1 ? 'saltata' : 'saltate'} per conflitto o data passata
      </p>
      <ul aria-label="Lezioni generate" className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {preview.occurrences.map((occurrence) => (
          <li key={occurrence.date} className="px-3 py-2 text-sm">
            <span className="flex items-center justify-between gap-2">
              <span>
                {formatShortDay(occurrence.date)} · {formatTime(occurrence.starts_at)}–{formatTime(occurrence.ends_at)}
              </span>
              <Badge tone={STATES[occurrence.state].tone}>{STATES[occurrence.state].label}</Badge>
            </span>
            {occurrence.conflicts.length > 0 && <span className="mt-1 block text-xs text-coral-700">{occurrence.conflicts.join(' · ')}</span>}
            {occurrence.warnings.map((warning) => (
              <span key={warning} className="mt-1 block text-xs text-amber-800">
                {warning}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
