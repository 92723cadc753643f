// Booking at the desk (design §7): for a registered member or a walk-in (name, phone), any number of
// slots or the full day, the list price (an admin may change it, with a reason), and payment now,
// later on the day, or by a link the member pays online.
import { moneyToCents, SLOTS, type TAdminCreateBookingBody, type TPlanner } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Select, Textarea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatCents, formatDate } from '../../../lib/format';
import { useCreateDeskBooking } from '../api/admin-bookings';
import { DESK_METHOD_OPTIONS } from '../labels';
import { CustomerPicker, customerFields, WALK_IN, type Customer } from './customer-picker';
import { NO_OVERRIDE, overrideFields, PriceOverride, type PriceOverrideValue } from './price-override';

export interface DeskBookingStart {
  courtId: number;
  slotIndex: number;
}

type Payment = TAdminCreateBookingBody['payment'];
const PAYMENT_CHOICES: { value: Payment; label: string }[] = [
  { value: 'now', label: 'Paga ora in segreteria' },
  { value: 'later', label: 'Paga dopo (al campo)' },
  { value: 'link', label: 'Link per pagare online' },
];

const euroCents = (money: string | null) => (money === null ? null : moneyToCents(money));

/** The list price the server will apply, shown before booking (the server computes its own). */
function listPrice(planner: TPlanner, startIndex: number, slots: number, fullDay: boolean, equipment: boolean) {
  if (fullDay) return euroCents(equipment ? planner.prices.full_day_equipment : planner.prices.full_day);
  let total = 0;
  for (const slot of planner.slots.slice(startIndex, startIndex + slots)) {
    const price = euroCents(slot.band === 'day' ? planner.prices.day_slot : planner.prices.evening_slot);
    if (price === null) return null;
    total += price;
  }
  return total;
}

export function DeskBookingModal({ planner, start, onClose, onBooked }: { planner: TPlanner; start: DeskBookingStart; onClose: () => void; onBooked: (message: string) => void }) {
  const create = useCreateDeskBooking();
  const [courtId, setCourtId] = useState(String(start.courtId));
  const [slotIndex, setSlotIndex] = useState(start.slotIndex);
  const [slots, setSlots] = useState(1);
  const [fullDay, setFullDay] = useState(false);
  const [equipment, setEquipment] = useState(false);
  const [customer, setCustomer] = useState<Customer>(WALK_IN);
  const [payment, setPayment] = useState<Payment>('now');
  const [method, setMethod] = useState('cash');
  const [override, setOverride] = useState<PriceOverrideValue>(NO_OVERRIDE);
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);

  // A court without lights ends its day at 19:30: the evening slots are not offered (the server refuses them too).
  const hasLights = planner.courts.find((court) => String(court.id) === courtId)?.has_lights ?? true;
  const lastSlot = hasLights ? SLOTS.length : SLOTS.filter((slot) => slot.band === 'day').length;
  const maxSlots = Math.max(1, lastSlot - slotIndex);
  const chosenSlots = Math.min(slots, maxSlots);
  const estimate = listPrice(planner, fullDay ? 0 : slotIndex, chosenSlots, fullDay, equipment);
  const errors = failure?.fields ?? {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: TAdminCreateBookingBody = {
      court_id: Number(courtId),
      date: planner.date,
      start: SLOTS[slotIndex]!.start,
      slots: chosenSlots,
      full_day: fullDay,
      equipment: fullDay && equipment,
      ...customerFields(customer),
      payment,
      method: payment === 'now' ? (method as TAdminCreateBookingBody['method']) : null,
      ...overrideFields(override),
      notes: notes || null,
    };
    try {
      const result = await create.mutateAsync(body);
      onClose();
      onBooked(result.message);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nella prenotazione. Riprova più tardi.'));
    }
  }

  return (
    <Modal
      open
      size="lg"
      title={`Nuova prenotazione · ${formatDate(planner.date)}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form="desk-booking-form" loading={create.isPending} loadingText="Prenotazione...">
            Prenota
          </Button>
        </>
      }
    >
      <form id="desk-booking-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {/* First in the form, so a refusal is seen without scrolling (the buttons are below the fold on a phone). */}
        {failure && (
          <div className="sm:col-span-2">
            <Alert tone="error">{failure.message}</Alert>
          </div>
        )}
        <Select label="Campo" value={courtId} onChange={(event) => setCourtId(event.target.value)} options={planner.courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))} error={errors.court_id} />
        <Select
          label="Inizio"
          value={String(slotIndex)}
          disabled={fullDay}
          onChange={(event) => setSlotIndex(Number(event.target.value))}
          options={SLOTS.map((slot, index) => ({ value: String(index), label: slot.start }))}
          error={errors.start}
        />
        <Select
          label="Durata"
          value={String(chosenSlots)}
          disabled={fullDay}
          onChange={(event) => setSlots(Number(event.target.value))}
          options={Array.from({ length: maxSlots }, (_, index) => ({ value: String(index + 1), label: `${index + 1} × 1h30 (fino alle ${SLOTS[slotIndex + index]!.end})` }))}
          error={errors.slots}
        />
        <div className="space-y-2 pt-6">
          <Checkbox label="Giornata intera (9:00–19:30)" checked={fullDay} onChange={(event) => setFullDay(event.target.checked)} />
          {fullDay && <Checkbox label="Con attrezzatura da allenamento" checked={equipment} onChange={(event) => setEquipment(event.target.checked)} error={errors.equipment} />}
        </div>

        <CustomerPicker customer={customer} onChange={setCustomer} errors={errors} />

        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold text-slate-800">Pagamento</legend>
          <div role="radiogroup" aria-label="Pagamento" className="flex flex-wrap gap-4 text-sm">
            {PAYMENT_CHOICES.map((choice) => (
              <label key={choice.value} className="inline-flex items-center gap-2">
                <input type="radio" name="payment" className="accent-sea-700" checked={payment === choice.value} onChange={() => setPayment(choice.value)} />
                {choice.label}
              </label>
            ))}
          </div>
          {errors.payment && <p className="text-sm text-coral-600">{errors.payment.join(' ')}</p>}
          {payment === 'now' && <Select label="Metodo" value={method} onChange={(event) => setMethod(event.target.value)} options={DESK_METHOD_OPTIONS} error={errors.method} />}
          {payment === 'link' && <p className="text-sm text-slate-600">Il socio riceve un’e-mail con il link per pagare online; il campo resta suo finché non annulli.</p>}
        </fieldset>

        <div className="space-y-3 rounded-lg bg-slate-50 p-3 sm:col-span-2">
          <p className="text-sm">
            Prezzo di listino: <strong>{estimate === null ? 'listino non pubblicato' : formatCents(estimate)}</strong>
          </p>
          <PriceOverride value={override} onChange={setOverride} errors={errors} />
        </div>
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} value={notes} onChange={(event) => setNotes(event.target.value)} error={errors.notes} />
        </div>
      </form>
    </Modal>
  );
}
