// The empty slots the centre offers as matches nobody is in yet (docs/open-matches.md#automatic-matches): the
// first player takes the court and pays their part — by credit at once, by card on the booking's payment page.
import type { Locale } from '@beach/i18n';
import type { TAutomaticSlot } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatMoney, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useAutomaticSlots, useJoinAutomatic } from '../api/automatic-matches';
import type { MatchFilters } from '../api/open-matches';
import { FORMAT_NAMES, GENDER_NAMES } from '../labels';
import { LevelText, matchPathOf, PartAndCutoff } from './match-card';

const slotKey = (slot: TAutomaticSlot) => `${slot.court_id} ${slot.date} ${slot.start}`;

export function AutomaticSlots({ filters }: { filters: MatchFilters }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const slots = useAutomaticSlots(filters);
  const join = useJoinAutomatic();
  const [failed, setFailed] = useState<{ key: string; text: string } | null>(null);
  if (!slots.data || slots.data.length === 0) return null;

  async function joinFirst(slot: TAutomaticSlot, payWith: 'credit' | 'card') {
    setFailed(null);
    try {
      const joined = await join.mutateAsync({ rule_id: slot.rule_id, court_id: slot.court_id, date: slot.date, start: slot.start, pay_with: payWith });
      const locale = i18n.locale as Locale;
      navigate(joined.paid ? matchPathOf(locale, joined.match.id) : localizedTo(locale, paths.bookingPayment.replace(':bookingId', String(joined.booking_id))));
    } catch (error) {
      setFailed({ key: slotKey(slot), text: serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.` });
    }
  }

  return (
    <section aria-labelledby="automatic-matches" className="space-y-3">
      <div>
        <h2 id="automatic-matches" className="text-lg font-bold text-sea-900">
          <Trans>Partite automatiche</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>Campi liberi offerti dal centro come partite: entra per primo, paga la tua quota e il campo è tenuto per la partita.</Trans>
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label={t`Partite automatiche`}>
        {slots.data.map((slot) => {
          const key = slotKey(slot);
          const part = formatMoney(slot.part);
          const places = slot.players_count;
          const pending = join.isPending && join.variables?.court_id === slot.court_id && join.variables.date === slot.date && join.variables.start === slot.start;
          return (
            <li key={key} className="rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200" aria-label={`${i18n._(FORMAT_NAMES[slot.format])} ${whenText(slot)}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-sea-900">{i18n._(FORMAT_NAMES[slot.format])}</span>
                <Badge tone="sea">
                  <Trans>Nessuno ancora · {places} posti</Trans>
                </Badge>
              </div>
              <p className="mt-1 text-sm text-slate-700 first-letter:uppercase">
                {whenText(slot)} · {slot.court}
              </p>
              <p className="text-sm text-slate-600">
                <LevelText match={slot} /> · {i18n._(GENDER_NAMES[slot.gender])}
              </p>
              <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
                <PartAndCutoff match={slot} />
              </p>
              {failed?.key === key && (
                <div className="mt-2">
                  <Alert tone="error">{failed.text}</Alert>
                </div>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" disabled={join.isPending} loading={pending && join.variables?.pay_with === 'credit'} loadingText={t`Pagamento...`} onClick={() => void joinFirst(slot, 'credit')}>
                  <Trans>Entra e paga {part} con il credito</Trans>
                </Button>
                <Button size="sm" variant="secondary" disabled={join.isPending} loading={pending && join.variables?.pay_with === 'card'} loadingText={t`Apertura del pagamento...`} onClick={() => void joinFirst(slot, 'card')}>
                  <Trans>Entra e paga con carta</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
