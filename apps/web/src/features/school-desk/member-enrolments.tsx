// The desk's view of a member's school enrolments (the member's page in /admin/users): each one's
// instalments (an overdue one in red), a pending one or a confirmed one's next instalment collected at the
// desk (cash, POS, bank transfer), a live one cancelled with what was paid going back to the member's
// credit. Back-office: Italian only.
import { DESK_TOP_UP_METHODS, type TEnrolment } from '@beach/contracts';
import { api } from '../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSection } from '../../components/admin/detail-modal';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { callApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-transport';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { queryRoots } from '../../lib/shared-queries';

const STATUS = { pending_payment: 'Da pagare', confirmed: 'Confermata', cancelled: 'Annullata' } as const;
const KIND = { course: 'Tutto il corso', lesson: 'Lezione', trial: 'Prova' } as const;
const placeOf = (enrolment: TEnrolment) => (enrolment.course.offer === 'camp' ? 'Settimana intera' : KIND[enrolment.kind]);
const METHOD = { cash: 'Contanti', card: 'POS', bank_transfer: 'Bonifico' } as const;
type Method = (typeof DESK_TOP_UP_METHODS)[number];

export function MemberEnrolments({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const key = ['school-desk', 'member', userId];
  const enrolments = useQuery({ queryKey: key, queryFn: async () => (await callApi(api.enrolments.ofMember, { params: { id: userId } })).data, staleTime: 0 });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const act = useMutation({
    mutationFn: ({ id, method, seq }: { id: number; method: Method | null; seq?: number }) =>
      method ? callApi(api.enrolments.collect, { params: { id }, body: { method, seq } }) : callApi(api.enrolments.cancel, { params: { id } }),
    onSuccess: ({ message }) => {
      setNotice({ tone: 'success', text: message });
      // The member's page totals what they owe (its "Da incassare"): asked afresh too.
      return Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: queryRoots.users })]);
    },
    onError: (error) => setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : 'Operazione non riuscita. Riprova.' }),
  });
  if (enrolments.data?.length === 0) return null;
  return (
    <DetailSection title="Iscrizioni ai corsi">
      <div className="mt-2 space-y-3">
        {enrolments.isPending && <Spinner label="Caricamento delle iscrizioni..." />}
        {enrolments.isError && <Alert tone="error">Non è stato possibile leggere le iscrizioni.</Alert>}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <ul className="divide-y divide-slate-100">
          {enrolments.data?.map((enrolment) => <Row key={enrolment.id} enrolment={enrolment} busy={act.isPending} onAct={(method) => act.mutate({ id: enrolment.id, method, seq: enrolment.pay_now?.seq })} />)}
        </ul>
      </div>
    </DetailSection>
  );
}

function Row({ enrolment, busy, onAct }: { enrolment: TEnrolment; busy: boolean; onAct: (method: Method | null) => void }) {
  const [method, setMethod] = useState<Method>('cash');
  return (
    <li className="space-y-2 py-2 text-sm" aria-label={`Iscrizione ${enrolment.course.name}`}>
      <p>
        <span className="font-medium">{enrolment.course.name}</span> · {enrolment.participant.name} · {placeOf(enrolment)}
        {enrolment.session_starts_at && ` · ${formatDateTime(enrolment.session_starts_at)}`} · {formatMoney(enrolment.amount)} · {STATUS[enrolment.status]}
      </p>
      {enrolment.instalments.length > 1 && (
        <ul aria-label="Rate" className="space-y-0.5">
          {enrolment.instalments.map((instalment) => (
            <li key={instalment.seq} className={instalment.overdue ? 'font-semibold text-rose-700' : 'text-slate-700'}>
              Rata {instalment.seq}: {formatMoney(instalment.amount)} ·{' '}
              {instalment.paid ? 'pagata' : instalment.overdue ? `Rata scaduta il ${formatDate(instalment.due_on)}` : `entro il ${formatDate(instalment.due_on)}`}
            </li>
          ))}
        </ul>
      )}
      {enrolment.status !== 'cancelled' && (
        <div className="flex flex-wrap items-end gap-2">
          {enrolment.pay_now && (
            <>
              <div className="w-36"><Select label="Pagato con" options={DESK_TOP_UP_METHODS.map((value) => ({ value, label: METHOD[value] }))} value={method} onValueChange={setMethod} /></div>
              <Button size="sm" loading={busy} onClick={() => onAct(method)}>
                {enrolment.status === 'pending_payment' ? 'Incassa' : 'Incassa rata'} {formatMoney(enrolment.pay_now.amount)}
              </Button>
            </>
          )}
          <Button size="sm" variant="ghost" loading={busy} onClick={() => onAct(null)}>Annulla iscrizione</Button>
        </div>
      )}
    </li>
  );
}
