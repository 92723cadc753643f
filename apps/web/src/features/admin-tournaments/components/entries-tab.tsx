// The board's "Iscritti": each pair (or King of the Beach player) with what each player paid or owes, the
// seeds' order changed with up and down buttons (the keyboard's focus follows the moved pair) and saved at
// once; a player's part (or every part of a pending pair) collected at the desk, a pair withdrawn until the
// draw; the tournament published or cancelled (every paid part goes back to whoever paid it).
import { centsToMoney, DESK_TOP_UP_METHOD_LABELS, DESK_TOP_UP_METHODS, moneyToCents, type TAdminEntry, type TAdminTournament } from '@beach/contracts';
import { useEffect, useRef, useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { serverMessage } from '../../../lib/api-errors';
import { formatMoney } from '../../../lib/format';
import { useCancelTournament, useCollectEntry, useCollectPlayer, usePublishTournament, useSaveSeeds, useWithdrawEntry } from '../api/tournaments';

type Notify = (text: string, tone?: 'success' | 'error') => void;
type Direction = 'up' | 'down';
type Method = (typeof DESK_TOP_UP_METHODS)[number];
type Player = TAdminEntry['players'][number];
/** What the desk is about to collect: one player's part, or every part the entry still owes. */
type Collecting = { entryId: number; playerId: number | null; what: string; amount: string };

const namesOf = (entry: TAdminEntry) => entry.players.map((player) => player.name).join(' / ');

/** The entries that take part (pending or confirmed), in seed order: seeded first, then by arrival. */
export const seededEntries = (entries: TAdminEntry[]) =>
  entries
    .filter((entry) => entry.status === 'pending' || entry.status === 'confirmed')
    .sort((a, b) => (a.seed ?? Number.MAX_SAFE_INTEGER) - (b.seed ?? Number.MAX_SAFE_INTEGER) || a.created_at.localeCompare(b.created_at));

/** `order` with the id at `index` swapped with its neighbour. */
export const moved = (order: number[], index: number, direction: Direction) => {
  const other = direction === 'up' ? index - 1 : index + 1;
  if (other < 0 || other >= order.length) return order;
  const next = [...order];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
};

const owes = (player: Player) => moneyToCents(player.owed) > 0;
/** What the desk may take: a part still owed by a player with an account (a guest's could not be given back). */
const collectable = (player: Player) => owes(player) && player.user_id !== null;

function Players({ entry, onCollect }: { entry: TAdminEntry; onCollect?: (player: Player) => void }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {entry.players.map((player) => (
        <li key={player.id} className="flex items-center gap-2">
          <span>{player.name}</span>
          {player.paid ? <Badge tone="green">Pagato</Badge> : <Badge tone="yellow">{`Da pagare ${formatMoney(player.owed)}`}</Badge>}
          {owes(player) && player.user_id === null && <span className="text-xs text-slate-500">paga dopo essersi registrato</span>}
          {onCollect && collectable(player) && (
            <Button size="sm" variant="secondary" aria-label={`Incassa ${player.name}`} onClick={() => onCollect(player)}>
              Incassa
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The desk's collection asked first: how it was paid, then confirmed. */
function CollectForm({ collecting, busy, onConfirm, onClose }: { collecting: Collecting; busy: boolean; onConfirm: (method: Method) => void; onClose: () => void }) {
  const [method, setMethod] = useState<Method>('cash');
  return (
    <div role="group" aria-label={`Incasso: ${collecting.what}`} className="mt-2 flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-2">
      <div className="w-36">
        <Select label="Pagato con" options={DESK_TOP_UP_METHODS.map((value) => ({ value, label: DESK_TOP_UP_METHOD_LABELS[value] }))} value={method} onValueChange={setMethod} />
      </div>
      <Button size="sm" loading={busy} onClick={() => onConfirm(method)}>
        {`Conferma incasso ${formatMoney(collecting.amount)}`}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClose}>
        Non incassare
      </Button>
    </div>
  );
}

export function EntriesTab({ tournament, notify }: { tournament: TAdminTournament; notify: Notify }) {
  const seeded = seededEntries(tournament.admin_entries);
  const byId = new Map(tournament.admin_entries.map((entry) => [entry.id, entry]));
  const saved = seeded.map((entry) => entry.id);
  const [order, setOrder] = useState(saved);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const seeds = useSaveSeeds();
  const publish = usePublishTournament();
  const cancel = useCancelTournament();
  const collectPlayer = useCollectPlayer();
  const collectEntry = useCollectEntry();
  const withdraw = useWithdrawEntry();
  const [collecting, setCollecting] = useState<Collecting | null>(null);
  // The server takes the desk's money only while the registration is open, and withdraws pairs until the draw.
  const collectOpen = tournament.registration_open;
  const withdrawOpen = tournament.status === 'published';
  const { confirm, dialog } = useConfirm();
  const seedsOpen = tournament.status === 'draft' || tournament.status === 'published';
  const changed = order.join(',') !== saved.join(',');

  useEffect(() => {
    if (focusNext) buttons.current.get(focusNext)?.focus();
  }, [focusNext, order]);

  const move = (index: number, direction: Direction) => {
    const id = order[index]!;
    const next = moved(order, index, direction);
    setOrder(next);
    // At either end the button is disabled: the focus goes to the other one of the same pair.
    const at = next.indexOf(id);
    const edge = direction === 'up' ? at === 0 : at === next.length - 1;
    setFocusNext(`${id}-${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  const run = async (write: () => Promise<{ message: string }>) => {
    try {
      notify((await write()).message);
    } catch (error) {
      notify(serverMessage(error) ?? 'Operazione non riuscita. Riprova più tardi.', 'error');
    }
  };
  const saveSeeds = () => run(() => seeds.mutateAsync({ id: tournament.id, entryIds: order }));
  const publishTournament = async () => {
    if (await confirm({ title: 'Pubblica il torneo', message: 'Il torneo compare sul sito e le iscrizioni si aprono alla data indicata.', confirmLabel: 'Pubblica' })) await run(() => publish.mutateAsync(tournament.id));
  };
  const cancelTournament = async () => {
    const confirmed = await confirm({ title: 'Annulla il torneo', message: 'Ogni quota pagata torna a chi l’ha pagata e i campi si liberano. Non si torna indietro.', confirmLabel: 'Annulla torneo', cancelLabel: 'Non annullare', tone: 'danger' });
    if (confirmed) await run(() => cancel.mutateAsync(tournament.id));
  };
  const collect = async (method: Method) => {
    if (!collecting) return;
    const { entryId, playerId } = collecting;
    await run(() => (playerId === null ? collectEntry.mutateAsync({ entryId, method }) : collectPlayer.mutateAsync({ playerId, method })));
    setCollecting(null);
  };
  const collectAll = (entry: TAdminEntry) =>
    setCollecting({ entryId: entry.id, playerId: null, what: namesOf(entry), amount: centsToMoney(entry.players.reduce((sum, player) => sum + moneyToCents(player.owed), 0)) });
  const withdrawEntry = async (entry: TAdminEntry) => {
    const confirmed = await confirm({
      title: 'Ritira la coppia',
      message: `${namesOf(entry)} lascia il torneo. Ogni quota pagata torna a chi l’ha pagata e il posto passa alla lista d’attesa.`,
      confirmLabel: 'Ritira',
      cancelLabel: 'Non ritirare',
      tone: 'danger',
    });
    if (confirmed) await run(() => withdraw.mutateAsync(entry.id));
  };
  const withdrawButton = (entry: TAdminEntry) =>
    withdrawOpen && (
      <Button size="sm" variant="ghost" aria-label={`Ritira ${namesOf(entry)}`} loading={withdraw.isPending && withdraw.variables === entry.id} onClick={() => void withdrawEntry(entry)}>
        Ritira
      </Button>
    );
  const others = tournament.admin_entries.filter((entry) => entry.status === 'waiting' || entry.status === 'withdrawn');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        {tournament.status === 'draft' && (
          <Button loading={publish.isPending} onClick={() => void publishTournament()}>
            Pubblica
          </Button>
        )}
        {tournament.status !== 'cancelled' && tournament.status !== 'finished' && (
          <Button variant="danger" loading={cancel.isPending} onClick={() => void cancelTournament()}>
            Annulla torneo
          </Button>
        )}
      </div>
      <section aria-labelledby="seeds-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="seeds-heading" className="text-lg font-semibold text-slate-900">{`Iscritti e teste di serie (${seeded.length}/${tournament.max_entries})`}</h2>
          {seedsOpen && (
            <Button variant="secondary" disabled={!changed || order.length < 2} loading={seeds.isPending} onClick={() => void saveSeeds()}>
              Salva teste di serie
            </Button>
          )}
        </div>
        {order.length === 0 ? (
          <p className="text-slate-600">Nessun iscritto.</p>
        ) : (
          <ol aria-label="Teste di serie" className="space-y-2">
            {order.map((id, index) => {
              const entry = byId.get(id);
              if (!entry) return null;
              return (
                <li key={id} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3">
                  <span className="w-8 shrink-0 text-lg font-bold text-sea-800">{index + 1}</span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">
                      {namesOf(entry)} {entry.status === 'pending' && <Badge tone="yellow">In attesa di pagamento</Badge>}
                    </p>
                    <Players entry={entry} onCollect={collectOpen ? (player) => setCollecting({ entryId: entry.id, playerId: player.id, what: player.name, amount: player.owed }) : undefined} />
                    <p className="text-xs text-slate-500">{`Punti in classifica: ${entry.ranking_points}`}</p>
                    <div className="mt-1 flex flex-wrap gap-2">
                      {collectOpen && entry.status === 'pending' && entry.players.some(collectable) && !entry.players.some((player) => owes(player) && !collectable(player)) && (
                        <Button size="sm" variant="secondary" aria-label={`Incassa tutto ${namesOf(entry)}`} onClick={() => collectAll(entry)}>
                          Incassa tutto
                        </Button>
                      )}
                      {withdrawButton(entry)}
                    </div>
                    {collecting?.entryId === entry.id && (
                      <CollectForm
                        key={`${collecting.entryId}-${collecting.playerId}`}
                        collecting={collecting}
                        busy={collectPlayer.isPending || collectEntry.isPending}
                        onConfirm={(method) => void collect(method)}
                        onClose={() => setCollecting(null)}
                      />
                    )}
                  </div>
                  {seedsOpen && (
                    <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                      {(['up', 'down'] as const).map((direction) => (
                        <button
                          key={direction}
                          type="button"
                          ref={(button) => void (button ? buttons.current.set(`${id}-${direction}`, button) : buttons.current.delete(`${id}-${direction}`))}
                          className={buttonClasses('secondary', 'sm')}
                          aria-label={`${direction === 'up' ? 'Sposta su' : 'Sposta giù'} ${namesOf(entry)}`}
                          disabled={direction === 'up' ? index === 0 : index === order.length - 1}
                          onClick={() => move(index, direction)}
                        >
                          {direction === 'up' ? '↑' : '↓'}
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {others.length > 0 && (
        <section aria-labelledby="others-heading" className="space-y-2">
          <h2 id="others-heading" className="text-lg font-semibold text-slate-900">In lista d’attesa e ritirati</h2>
          <ul className="space-y-2">
            {others.map((entry) => (
              <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-3">
                <p className="font-semibold text-slate-900">
                  {namesOf(entry)} <Badge>{entry.status === 'waiting' ? 'In lista d’attesa' : 'Ritirata'}</Badge>
                </p>
                <Players entry={entry} />
                {entry.status === 'waiting' && withdrawButton(entry)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {dialog}
    </div>
  );
}
