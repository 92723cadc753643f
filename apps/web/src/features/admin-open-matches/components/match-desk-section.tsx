// An open match in the booking's details at the desk (docs/open-matches.md#the-desk): its fill state, who
// is in, and "Aggiungi giocatore": a member picked by search, or someone without an account by name, takes
// a free place, their part paid here.
import { DESK_PAYMENT_METHOD_LABELS, DESK_PAYMENT_METHODS, type TAdminBooking, type TDeskMatch, type TMemberSearchResult } from '@beach/contracts';
import { useState } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { MemberSearch } from '../../../components/admin/member-search';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { serverMessage } from '../../../lib/api-errors';
import { formatMoney } from '../../../lib/format';
import { useDeskMatches, useWalkIn } from '../api/desk-matches';

const STATE_NAMES: Record<TDeskMatch['state'], string> = { open: 'Partita aperta', full: 'Partita al completo', kept: 'Partita tenuta dall’organizzatore', cancelled: 'Partita annullata' };
const METHOD_OPTIONS = DESK_PAYMENT_METHODS.map((method) => ({ value: method, label: DESK_PAYMENT_METHOD_LABELS[method] }));

/** "2/4 · Partita aperta": the places taken of the match's and its state. */
export const fillStateOf = (match: TDeskMatch) => `${match.taken}/${match.players_count} · ${STATE_NAMES[match.state]}`;
/** "Partita 2/4": what a planner cell has room for (its title says the whole fill state). */
export const shortFillStateOf = (match: TDeskMatch) => `Partita ${match.taken}/${match.players_count}`;

export function MatchDeskSection({ booking }: { booking: Pick<TAdminBooking, 'id' | 'date'> }) {
  const match = useDeskMatches(booking.date).data?.find((entry) => entry.booking_id === booking.id);
  if (!match) return null;
  return <WalkInSection match={match} />;
}

function WalkInSection({ match }: { match: TDeskMatch }) {
  const walkIn = useWalkIn(match.id);
  const [member, setMember] = useState<TMemberSearchResult | null>(null);
  // Without an account: the walk-in's name only (no search).
  const [guestName, setGuestName] = useState<string | null>(null);
  const [method, setMethod] = useState<(typeof DESK_PAYMENT_METHODS)[number]>('cash');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function add() {
    const name = member ? `${member.first_name} ${member.last_name}` : (guestName ?? '').trim();
    setMessage(null);
    try {
      await walkIn.mutateAsync(member ? { user_id: member.id, method } : { name, method });
      setMessage({ tone: 'success', text: `${name} è nella partita: quota di ${formatMoney(match.part)} incassata.` });
      setMember(null);
      setGuestName(null);
    } catch (error) {
      setMessage({ tone: 'error', text: serverMessage(error) ?? 'Si è verificato un errore. Riprova più tardi.' });
    }
  }
  const payButton = (
    <>
      <Select label="Metodo" value={method} onValueChange={setMethod} options={METHOD_OPTIONS} />
      <Button loading={walkIn.isPending} loadingText="Registrazione..." onClick={() => void add()}>
        Aggiungi e incassa {formatMoney(match.part)}
      </Button>
    </>
  );

  return (
    <DetailSection
      title="Partita aperta"
      items={[
        { label: 'Posti', value: fillStateOf(match) },
        { label: 'Quota', value: formatMoney(match.part) },
        { label: 'Giocatori', value: match.players.join(', ') },
      ]}
    >
      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
      {match.can_add && (
        <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
          <h4 className="text-sm font-semibold text-slate-800">Aggiungi un giocatore di passaggio</h4>
          {member ? (
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">
                  {member.first_name} {member.last_name}
                </span>
                <span className="block text-slate-600">{member.email}</span>
              </p>
              <Button variant="ghost" size="sm" onClick={() => setMember(null)}>
                Cambia socio
              </Button>
              {payButton}
            </div>
          ) : guestName !== null ? (
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <Input label="Nome e cognome (senza account)" value={guestName} maxLength={120} autoFocus onChange={(event) => setGuestName(event.target.value)} />
              <Button variant="ghost" size="sm" onClick={() => setGuestName(null)}>
                Cerca un socio
              </Button>
              {payButton}
            </div>
          ) : (
            <div className="space-y-2">
              <MemberSearch onPick={setMember} />
              <Button variant="secondary" size="sm" onClick={() => setGuestName('')}>
                Non ha un account: scrivi il nome
              </Button>
            </div>
          )}
        </div>
      )}
    </DetailSection>
  );
}
