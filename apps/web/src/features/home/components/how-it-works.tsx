import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const SPORTS = [
  { name: msg`Beach volley`, text: msg`Il classico 2 contro 2 o 4 contro 4 sulla sabbia, per tutti i livelli.` },
  { name: msg`Beach tennis`, text: msg`Racchette, pallina e rete alta: veloce, divertente, si impara subito.` },
  { name: msg`Foot volley`, text: msg`Il pallone si gioca con i piedi sopra la rete da beach volley.` },
];

const ACCESS_MODES = [
  {
    title: msg`Fai la tessera`,
    text: msg`Stagionale, under 23, under 18 (gratuita), mensile, settimanale o giornaliera: scegli quella che fa per te e pagala online.`,
  },
  {
    title: msg`Prenota un campo`,
    text: msg`Il Campo Centrale A1 e i campi della fila C si prenotano online, di giorno o la sera con le luci fino a mezzanotte.`,
  },
  {
    title: msg`Gioca sulla fila dei tesserati`,
    text: msg`I campi della fila B sono riservati a chi ha la tessera: mostra la tua tessera con QR code e gioca.`,
  },
  { title: msg`Libera utenza`, text: msg`Due campi sono sempre liberi e gratuiti, senza tessera né prenotazione: chi arriva prima gioca.` },
];

/** The centre's rules (the contract's USAGE_RULES, which the membership card prints in Italian), in the page's language. */
export const USAGE_RULE_MESSAGES: MessageDescriptor[] = [
  msg`Non sono ammessi cani.`,
  msg`Vietato portare alcolici e bottiglie o bicchieri di vetro.`,
  msg`Vietato fumare nell’area dei campi.`,
  msg`Vietato giocare a calcio.`,
  msg`Niente musica senza autorizzazione dello staff.`,
  msg`I minori devono essere accompagnati da un adulto.`,
];

export function HowItWorks() {
  const { i18n } = useLingui();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="how-it-works-title" className="text-3xl font-bold text-sea-900">
        <Trans>Come funziona</Trans>
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {SPORTS.map((sport) => (
          <article key={sport.name.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-xl font-semibold text-sea-800">{i18n._(sport.name)}</h3>
            <p className="mt-2 text-slate-600">{i18n._(sport.text)}</p>
          </article>
        ))}
      </div>
      <h3 className="mt-12 text-2xl font-bold text-sea-900">
        <Trans>Quattro modi per giocare</Trans>
      </h3>
      <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {ACCESS_MODES.map((mode, index) => (
          <li key={mode.title.id} className="rounded-2xl bg-sand-100 p-6">
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-sea-700 font-bold text-white">{index + 1}</span>
            <h4 className="mt-3 font-semibold text-slate-900">{i18n._(mode.title)}</h4>
            <p className="mt-1 text-sm text-slate-700">{i18n._(mode.text)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-12 rounded-2xl border border-amber-300 bg-amber-50 p-6">
        <h3 className="text-xl font-bold text-amber-900">
          <Trans>Regole del centro</Trans>
        </h3>
        <ul className="mt-3 grid list-disc gap-2 pl-5 text-amber-950 marker:text-amber-700 sm:grid-cols-2">
          {USAGE_RULE_MESSAGES.map((rule) => (
            <li key={rule.id}>{i18n._(rule)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
