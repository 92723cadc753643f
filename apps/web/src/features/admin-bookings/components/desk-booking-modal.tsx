// Booking at the desk (docs/domain.md#desk-planner): for a registered member or a walk-in (name, phone), any number of
// slots or the full day, the list price (an admin may change it, with a reason), and payment now,
// later on the day, or by a link the member pays online.
import { DESK_PAYMENT_CHOICES, moneyToCents, SLOTS, z, ZAdminCreateBookingBody, ZDeskPaymentMethod, type TAdminCreateBookingBody, type TPlanner } from '@beach/contracts';
import { Checkbox, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
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

/** The slots a court can still give from one start: a court without lights ends its day at 19:30 (the server refuses evening slots too). */
function maxSlotsOf(planner: TPlanner, courtId: string, slotIndex: number) {
  const hasLights = planner.courts.find((court) => String(court.id) === courtId)?.has_lights ?? true;
  const lastSlot = hasLights ? SLOTS.length : SLOTS.filter((slot) => slot.band === 'day').length;
  return Math.max(1, lastSlot - slotIndex);
}

/** What the modal holds (a start by its slot, the customer and the price as chosen), shaped into the request body. */
const ZDeskForm = z.object({
  court_id: z.string(),
  slot_index: z.string(),
  slots: z.string(),
  full_day: z.boolean(),
  equipment: z.boolean(),
  customer: z.custom<Customer>(),
  payment: z.enum(DESK_PAYMENT_CHOICES),
  method: ZDeskPaymentMethod,
  override: z.custom<PriceOverrideValue>(),
  notes: z.string(),
});
type DeskForm = z.output<typeof ZDeskForm>;

const deskBody = (planner: TPlanner, draft: DeskForm): TAdminCreateBookingBody => ({
  court_id: Number(draft.court_id),
  date: planner.date,
  start: SLOTS[Number(draft.slot_index)]!.start,
  slots: Math.min(Number(draft.slots), maxSlotsOf(planner, draft.court_id, Number(draft.slot_index))),
  full_day: draft.full_day,
  equipment: draft.full_day && draft.equipment,
  ...customerFields(draft.customer),
  payment: draft.payment,
  method: draft.payment === 'now' ? draft.method : null,
  ...overrideFields(draft.override),
  notes: draft.notes || null,
});

export function DeskBookingModal({ planner, start, onClose, onBooked }: { planner: TPlanner; start: DeskBookingStart; onClose: () => void; onBooked: (message: string) => void }) {
  const create = useCreateDeskBooking();
  const { register, field, errorOf, watch, setValue, submit, failure } = useZodForm({
    schema: ZDeskForm.transform((draft) => deskBody(planner, draft)).pipe(ZAdminCreateBookingBody),
    defaultValues: { court_id: String(start.courtId), slot_index: String(start.slotIndex), slots: '1', full_day: false, equipment: false, customer: WALK_IN, payment: 'now', method: 'cash', override: NO_OVERRIDE, notes: '' },
    messages: { failed: 'Si è verificato un errore nella prenotazione. Riprova più tardi.' },
  });
  const [courtId, slotIndex, slots, fullDay, equipment, payment] = watch(['court_id', 'slot_index', 'slots', 'full_day', 'equipment', 'payment']);
  const maxSlots = maxSlotsOf(planner, courtId, Number(slotIndex));
  const chosenSlots = Math.min(Number(slots), maxSlots);
  const estimate = listPrice(planner, fullDay ? 0 : Number(slotIndex), chosenSlots, fullDay, equipment);

  const send = async (draft: DeskForm) => {
    const result = await create.mutateAsync(deskBody(planner, draft));
    onClose();
    onBooked(result.message);
  };

  return (
    <FormModal size="lg" title={`Nuova prenotazione · ${formatDate(planner.date)}`} onClose={onClose} formId="desk-booking-form" saving={create.isPending} submitLabel="Prenota" savingText="Prenotazione...">
      <form id="desk-booking-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        {/* First in the form, so a refusal is seen without scrolling (the buttons are below the fold on a phone). */}
        <FormAlert failure={failure} className="sm:col-span-2" />
        <Select label="Campo" options={planner.courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))} {...field('court_id')} />
        <Select label="Inizio" disabled={fullDay} options={SLOTS.map((slot, index) => ({ value: String(index), label: slot.start }))} {...register('slot_index')} error={errorOf('start')} />
        <Select
          label="Durata"
          disabled={fullDay}
          options={Array.from({ length: maxSlots }, (_, index) => ({ value: String(index + 1), label: `${index + 1} × 1h30 (fino alle ${SLOTS[Number(slotIndex) + index]!.end})` }))}
          {...field('slots')}
        />
        <div className="space-y-2 pt-6">
          <Checkbox label="Giornata intera (9:00–19:30)" {...register('full_day')} />
          {fullDay && <Checkbox label="Con attrezzatura da allenamento" {...field('equipment')} />}
        </div>

        <CustomerPicker customer={watch('customer')} onChange={(customer) => setValue('customer', customer)} errorOf={errorOf} />

        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold text-slate-800">Pagamento</legend>
          <div role="radiogroup" aria-label="Pagamento" className="flex flex-wrap gap-4 text-sm">
            {PAYMENT_CHOICES.map((choice) => (
              <label key={choice.value} className="inline-flex items-center gap-2">
                <input type="radio" value={choice.value} className="accent-sea-700" {...register('payment')} />
                {choice.label}
              </label>
            ))}
          </div>
          {errorOf('payment') && <p className="text-sm text-coral-600">{errorOf('payment')}</p>}
          {payment === 'now' && <Select label="Metodo" options={DESK_METHOD_OPTIONS} {...field('method')} />}
          {payment === 'link' && <p className="text-sm text-slate-600">Il socio riceve un’e-mail con il link per pagare online; il campo resta suo finché non annulli.</p>}
        </fieldset>

        <div className="space-y-3 rounded-lg bg-slate-50 p-3 sm:col-span-2">
          <p className="text-sm">
            Prezzo di listino: <strong>{estimate === null ? 'listino non pubblicato' : formatCents(estimate)}</strong>
          </p>
          <PriceOverride value={watch('override')} onChange={(override) => setValue('override', override)} errorOf={errorOf} />
        </div>
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} {...field('notes')} />
        </div>
      </form>
    </FormModal>
  );
}
