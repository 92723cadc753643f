import type { TBroadcast } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { formatSeconds } from '../../../lib/format';

const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** The send's figures (counts, duration, rate, batches) once the broadcast is over. */
export function BroadcastStats({ broadcast }: { broadcast: TBroadcast }) {
  const stats = [
    { label: 'Inviate', value: broadcast.sent_count },
    { label: 'Non inviate', value: broadcast.failed_count },
    { label: 'Durata', value: formatSeconds(broadcast.duration_minutes * 60) },
    { label: 'Velocità media', value: `${decimal.format(broadcast.average_rate_per_second)} e-mail/s` },
    { label: 'Lotti', value: `${broadcast.aws_ses_stats.total_batches} da ${broadcast.aws_ses_stats.batch_size}` },
    { label: 'Servizio di invio', value: broadcast.mailer_used },
  ];
  return (
    <div className="space-y-4">
      <Alert tone={broadcast.success ? 'success' : 'warning'}>{broadcast.message}</Alert>
      <dl aria-label="Statistiche dell’invio" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-semibold text-slate-500 uppercase">{stat.label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">{broadcast.aws_ses_stats.rate_limit_respected ? 'Limite di invio del fornitore rispettato.' : 'Attenzione: il limite di invio del fornitore è stato superato.'}</p>
      {broadcast.failed_emails.length > 0 && (
        <section aria-labelledby="failed-title">
          <h3 id="failed-title" className="text-sm font-semibold text-slate-800">
            E-mail non inviate
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {broadcast.failed_emails.map((failure) => (
              <li key={failure.email}>
                <span className="font-medium">{failure.email}</span>: <span className="text-slate-600">{failure.error}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
