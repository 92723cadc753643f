// /informativa-privacy (public): the privacy notice members accept at registration; its version is
// stored with every acceptance.
import { CENTRE_NAME, PRIVACY_NOTICE_VERSION } from '@beach/contracts';
import { usePageTitle } from '../../../lib/use-page-title';

export default function PrivacyNoticePage() {
  usePageTitle('Informativa sulla privacy');
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-10 text-slate-700">
      <h1 className="text-3xl font-bold text-sea-900">Informativa sulla privacy</h1>
      <p className="text-sm text-slate-500">Versione {PRIVACY_NOTICE_VERSION}</p>
      <p>
        Titolare del trattamento è l’associazione sportiva dilettantistica che gestisce {CENTRE_NAME}. Trattiamo i dati che ci dai (nome, contatti, data di
        nascita, codice fiscale, certificato medico sportivo) per tesserarti, gestire le prenotazioni e i pagamenti e rispettare gli obblighi di legge
        delle associazioni sportive.
      </p>
      <h2 className="text-xl font-semibold text-sea-900">Consensi facoltativi</h2>
      <p>
        Foto e video dell’attività sul sito e sui social, e la newsletter con eventi e tornei, sono facoltativi: puoi darli o revocarli in qualsiasi
        momento dal tuo profilo, e ogni newsletter contiene il link per disiscriverti. Le comunicazioni di servizio (tessera, prenotazioni, certificato)
        arrivano comunque.
      </p>
      <h2 className="text-xl font-semibold text-sea-900">Minori</h2>
      <p>Per chi ha meno di 14 anni il consenso è dato da un genitore o da chi ne fa le veci, di cui registriamo nome e codice fiscale.</p>
      <h2 className="text-xl font-semibold text-sea-900">I tuoi diritti</h2>
      <p>Dal profilo puoi scaricare tutti i tuoi dati e chiederne la cancellazione; i dati contabili sono conservati per il tempo richiesto dalla legge.</p>
    </article>
  );
}
