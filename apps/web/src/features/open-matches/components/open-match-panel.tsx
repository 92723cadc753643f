// On a hold's payment page: "Apri una partita" (docs/open-matches.md#the-match). The organiser picks the
// format, friendly or competitive with a level range, who may play and a note; then pays only their part
// on the same page, and the match page's link is there to share.
import type { Locale } from '@beach/i18n';
import { OPEN_MATCH_FORMATS, OPEN_MATCH_GENDERS, type TOpenMatch, type TOpenMatchFormat } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useMatchOnBooking, useOpenMatchOnBooking } from '../api/open-matches';
import { FORMAT_NAMES, GENDER_NAMES } from '../labels';

/** "Vai alla partita": the way back from the payment page to the match opened on the booking. */
export function BackToMatch({ matchId }: { matchId: number }) {
  const { i18n } = useLingui();
  return (
    <Link to={localizedTo(i18n.locale as Locale, paths.openMatch.replace(':matchId', String(matchId)))} className={buttonClasses('secondary', 'sm')}>
      <Trans>Vai alla partita</Trans>
    </Link>
  );
}

export function OpenMatchPanel({ bookingId }: { bookingId: number }) {
  const { i18n, t } = useLingui();
  const open = useOpenMatchOnBooking(bookingId);
  const onBooking = useMatchOnBooking(bookingId);
  const [shown, setShown] = useState(false);
  const [format, setFormat] = useState<TOpenMatchFormat>('volley_2x2');
  const [gender, setGender] = useState<TOpenMatch['gender']>('open');
  const [competitive, setCompetitive] = useState(false);
  const [levelMin, setLevelMin] = useState('2');
  const [levelMax, setLevelMax] = useState('4');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const opened = open.data ?? onBooking.data;

  // Whether the booking is a match already is known first: no offer to open one flashes before its link.
  if (onBooking.isPending) return null;
  if (opened) {
    const part = formatMoney(opened.part);
    return (
      <Alert tone="success" action={<BackToMatch matchId={opened.id} />}>
        <Trans>Partita aperta: ora paga la tua quota di {part} per pubblicarla. Ognuno degli altri paga la sua quando entra.</Trans>
      </Alert>
    );
  }
  if (!shown)
    return (
      <div className="rounded-xl bg-sea-50 p-4 text-sm text-sea-900">
        <p>
          <Trans>Ti mancano dei giocatori? Apri la prenotazione come partita: paghi solo la tua quota e gli altri soci entrano pagando la loro.</Trans>
        </p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setShown(true)}>
          <Trans>Apri una partita</Trans>
        </Button>
      </div>
    );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const range = competitive ? { level_min: Number(levelMin.replace(',', '.')), level_max: Number(levelMax.replace(',', '.')) } : {};
    try {
      await open.mutateAsync({ format, competitive, gender, ...range, ...(note.trim() && { note: note.trim() }) });
    } catch (error) {
      setFailure(serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.`);
    }
  }

  const formats = (Object.keys(OPEN_MATCH_FORMATS) as TOpenMatchFormat[]).map((value) => ({ value, label: i18n._(FORMAT_NAMES[value]) }));
  const genders = OPEN_MATCH_GENDERS.map((value) => ({ value, label: i18n._(GENDER_NAMES[value]) }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3 rounded-xl bg-sea-50 p-4" aria-label={t`Apri una partita`}>
      <h2 className="font-semibold text-sea-900">
        <Trans>Apri una partita</Trans>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label={t`Tipo di partita`} options={formats} value={format} onValueChange={setFormat} />
        <Select label={t`Chi può giocare`} options={genders} value={gender} onValueChange={setGender} />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">
          <Trans>Tipo di partita</Trans>
        </legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" checked={!competitive} onChange={() => setCompetitive(false)} />
          <Trans>Amichevole: entra chiunque</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" checked={competitive} onChange={() => setCompetitive(true)} />
          <Trans>Competitiva, con un livello</Trans>
        </label>
      </fieldset>
      {competitive && (
        <div className="grid grid-cols-2 gap-3">
          <Input label={t`Livello minimo (0–7)`} inputMode="decimal" value={levelMin} onChange={(event) => setLevelMin(event.target.value)} />
          <Input label={t`Livello massimo (0–7)`} inputMode="decimal" value={levelMax} onChange={(event) => setLevelMax(event.target.value)} />
        </div>
      )}
      <Textarea label={t`Nota (facoltativa)`} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={open.isPending} loadingText={t`Apertura...`}>
          <Trans>Apri la partita</Trans>
        </Button>
        <Button variant="ghost" onClick={() => setShown(false)}>
          <Trans>Lascia perdere</Trans>
        </Button>
      </div>
    </form>
  );
}
