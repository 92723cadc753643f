// The bulk e-mail modal (docs/domain.md#bulk-e-mail), with live progress and final statistics.
import { BROADCAST_KIND_LABELS, BROADCAST_KINDS, BROADCAST_PREVIEW_SIZE, z, ZBroadcastBody, type TBroadcast, type TBroadcastBody } from '@beach/contracts';
import Send from 'lucide-react/icons/send';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatSeconds } from '../../../lib/format';
import { useBroadcastProgress, useRecipientCount, useSendBroadcast } from '../api/broadcasts';
import { BroadcastStats } from './broadcast-stats';

export interface BroadcastRecipient {
  name: string;
  email: string;
  membership_number: string;
}

const SEND_FAILED = 'Si è verificato un errore nell’invio dell’email.';
const ZBroadcastForm = z.object({ kind: z.enum(BROADCAST_KINDS), subject: z.string(), message: z.string() });
type BroadcastForm = z.output<typeof ZBroadcastForm>;
const broadcastBody = (emails: string[], form: BroadcastForm): TBroadcastBody => ({ recipient_type: 'specific', specific_emails: emails, ...form });

function RecipientPreview({ recipients }: { recipients: BroadcastRecipient[] }) {
  const rest = recipients.length - BROADCAST_PREVIEW_SIZE;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <ul aria-label="Destinatari" className="space-y-1">
        {recipients.slice(0, BROADCAST_PREVIEW_SIZE).map((recipient) => (
          <li key={`${recipient.membership_number}-${recipient.email}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium text-slate-900">{recipient.name}</span>
            <span className="break-all text-slate-600">{recipient.email}</span>
            <span className="font-mono text-xs text-slate-500">{recipient.membership_number}</span>
          </li>
        ))}
      </ul>
      {rest > 0 && <p className="mt-2 font-medium text-slate-700">... e altri {rest} tesserati</p>}
    </div>
  );
}

function Progress({ broadcast }: { broadcast: TBroadcast }) {
  const done = broadcast.sent_count + broadcast.failed_count;
  const percent = broadcast.total ? Math.round((done / broadcast.total) * 100) : 0;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <Spinner size="sm" label="" />
          {broadcast.status === 'queued' ? 'In coda...' : 'Invio in corso...'}
        </span>
        <span>
          {done} di {broadcast.total}
        </span>
      </div>
      <div role="progressbar" aria-label="Avanzamento dell’invio" aria-valuemin={0} aria-valuemax={broadcast.total} aria-valuenow={done} className="h-3 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-sea-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500">L’invio continua anche se chiudi questa finestra.</p>
    </div>
  );
}

/** `recipients`: the selected cards' holders with an e-mail; `selectedCount`: the cards selected. */
export function BroadcastEmailModal({ open, recipients, selectedCount, onClose }: { open: boolean; recipients: BroadcastRecipient[]; selectedCount: number; onClose: () => void }) {
  const emails = [...new Set(recipients.map((recipient) => recipient.email.trim().toLowerCase()))];
  const send = useSendBroadcast();
  const progress = useBroadcastProgress(send.data);
  const broadcast = progress.data ?? send.data;
  const completed = broadcast?.status === 'completed';
  const sending = send.isPending || (broadcast !== undefined && !completed);
  const formId = 'broadcast-form';

  const { field, errorOf, watch, reset, submit, failure, setFailure } = useZodForm({
    schema: ZBroadcastForm.transform((form) => broadcastBody(emails, form)).pipe(ZBroadcastBody),
    defaultValues: { kind: 'service', subject: '', message: '' },
    messages: { failed: SEND_FAILED },
  });
  const [kind, subject, message] = watch(['kind', 'subject', 'message']);
  const count = useRecipientCount(emails, open, kind);
  const close = () => {
    reset();
    setFailure(null);
    send.reset();
    onClose();
  };

  // When the count cannot be had, the number of selected cards stands in.
  const recipientCount = count.data?.count ?? (count.isError ? selectedCount : null);
  const estimate = count.data?.aws_ses_estimates;

  return (
    <Modal
      open={open}
      title={`Email Multipla (${selectedCount})`}
      onClose={close}
      size="lg"
      footer={
        completed ? (
          <Button onClick={close}>Chiudi</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {broadcast ? 'Chiudi' : 'Annulla'}
            </Button>
            <Button type="submit" form={formId} disabled={!subject.trim() || !message.trim() || sending} loading={sending} loadingText="Invio in corso...">
              <Send aria-hidden="true" className="h-4 w-4" />
              Invia email
            </Button>
          </>
        )
      }
    >
      {completed && broadcast ? (
        <BroadcastStats broadcast={broadcast} />
      ) : (
        <form id={formId} onSubmit={submit((form: BroadcastForm) => send.mutateAsync(broadcastBody(emails, form)))} noValidate className="space-y-4">
          <div className="space-y-2">
            <p className="text-sm text-slate-700">
              Destinatari:{' '}
              <strong>{recipientCount === null ? <Spinner size="sm" label="Conteggio dei destinatari..." /> : `${recipientCount} ${recipientCount === 1 ? 'tesserato' : 'tesserati'}`}</strong>
              {estimate && estimate.total_batches > 0 && (
                <span className="text-slate-500">
                  {' '}
                  · tempo stimato {formatSeconds(estimate.estimated_seconds)} ({estimate.total_batches} {estimate.total_batches === 1 ? 'lotto' : 'lotti'}, {estimate.rate_per_second} e-mail al secondo)
                </span>
              )}
            </p>
            <RecipientPreview recipients={recipients} />
          </div>
          <Select label="Tipo di messaggio" options={BROADCAST_KINDS.map((value) => ({ value, label: BROADCAST_KIND_LABELS[value] }))} disabled={sending} {...field('kind')} />
          <Input label="Oggetto" required maxLength={200} readOnly={sending} {...field('subject')} />
          <Textarea label="Messaggio" required rows={7} readOnly={sending} {...field('message')} />
          {broadcast && <Progress broadcast={broadcast} />}
          {/* No selected card has an e-mail: said about the recipients, which no field shows. */}
          <FormAlert failure={errorOf('specific_emails') ?? failure} />
        </form>
      )}
    </Modal>
  );
}
