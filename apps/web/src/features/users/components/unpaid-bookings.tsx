// What the member owes the centre, on their page at the desk (docs/screens.md, "Da incassare"): each booking
// to be paid (the ledger's, as the planner shows it), each share of theirs in another's booking, each
// enrolment still owing and their debt, with the server's total. A booking is collected here with the
// planner's "Segna pagata", a share with the desk's collect; an enrolment's instalments and the debt have
// their "Incassa" in their own sections ("Iscrizioni ai corsi", "Credito"), reached from here.
import { DESK_PAYMENT_METHOD_LABELS, DESK_PAYMENT_METHODS, moneyToCents, type TBackOfficeUserDetail, type TMemberOwed, ZMarkPaidBody } from '@beach/contracts';
import type { ReactNode } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCollectBooking, useCollectShare } from '../api/users';

type Booking = TBackOfficeUserDetail['bookings'][number];

export const isUnpaid = (booking: Booking) => moneyToCents(booking.owed) > 0;

/** Brings one of the page's own sections into view ("Iscrizioni ai corsi", "Credito"), where its "Incassa" is. */
const showSection = (name: string) => document.querySelector(`section[aria-label="${name}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

export function UnpaidBookings({ bookings, owed }: { bookings: Booking[]; owed: TMemberOwed }) {
  const unpaid = bookings.filter(isUnpaid);
  if (moneyToCents(owed.total) <= 0) return null;
  return (
    <DetailSection title="Da incassare">
      <Alert tone="warning" standing title={`Da incassare in tutto: ${formatMoney(owed.total)}.`}>
        <ul aria-label="Cosa deve il socio" className="mt-2 divide-y divide-amber-200">
          {unpaid.map((booking) => (
            <Line key={`booking-${booking.id}`} what={`Prenotazione del ${formatDateTime(booking.starts_at)} · ${booking.court_name}`} owed={booking.owed}>
              <CollectForm label={`Incassa la prenotazione del ${formatDateTime(booking.starts_at)}`} collect={useCollectBooking} id={booking.id} />
            </Line>
          ))}
          {owed.shares.map((share) => (
            <Line key={`share-${share.id}`} what={`Quota nella prenotazione di ${share.organiser}, ${formatDateTime(share.starts_at)} · ${share.court_name}`} owed={share.owed}>
              <CollectForm label={`Incassa la quota del ${formatDateTime(share.starts_at)}`} collect={useCollectShare} id={share.id} />
            </Line>
          ))}
          {owed.enrolments.map((enrolment) => (
            <Line key={`enrolment-${enrolment.id}`} what={`Iscrizione: ${enrolment.course_name} · ${enrolment.participant}`} owed={enrolment.owed}>
              <Button size="sm" variant="secondary" onClick={() => showSection('Iscrizioni ai corsi')}>Vai alle rate</Button>
            </Line>
          ))}
          {moneyToCents(owed.debt) > 0 && (
            <Line what="Debito verso il centro" owed={owed.debt}>
              <Button size="sm" variant="secondary" onClick={() => showSection('Credito')}>Vai al credito</Button>
            </Line>
          )}
        </ul>
      </Alert>
    </DetailSection>
  );
}

function Line({ what, owed, children }: { what: string; owed: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-end justify-between gap-3 py-2">
      <span className="min-w-0 flex-1 basis-60">
        {what}
        <span className="block font-semibold">Ancora da incassare {formatMoney(owed)}</span>
      </span>
      {children}
    </li>
  );
}

function CollectForm({ label, id, collect: useCollect }: { label: string; id: number; collect: typeof useCollectBooking | typeof useCollectShare }) {
  const collect = useCollect();
  const { field, submit, failure, formState } = useZodForm({ schema: ZMarkPaidBody, defaultValues: { method: 'cash' } });
  const onSubmit = submit((body) => collect.mutateAsync({ id, body }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-wrap items-end gap-2">
      <FormAlert failure={failure} className="w-full" />
      <div className="w-36">
        <Select label="Pagata con" options={DESK_PAYMENT_METHODS.map((method) => ({ value: method, label: DESK_PAYMENT_METHOD_LABELS[method] }))} {...field('method')} />
      </div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText="Registrazione...">
        Incassa
      </Button>
    </form>
  );
}

