// /informativa-privacy (public): the privacy notice members accept at registration; its version is
// stored with every acceptance.
import { CENTRE_NAME, PRIVACY_NOTICE_VERSION } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../lib/use-page-title';

export default function PrivacyNoticePage() {
  const { t } = useLingui();
  usePageTitle(t`Informativa sulla privacy`);
  const version = PRIVACY_NOTICE_VERSION;
  const centre = CENTRE_NAME;
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-10 text-slate-700">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">
        <Trans>Informativa sulla privacy</Trans>
      </h1>
      <p className="text-sm text-slate-500">
        <Trans>Versione {version}</Trans>
      </p>
      <p>
        <Trans>
          Titolare del trattamento è l’associazione sportiva dilettantistica che gestisce {centre}. Trattiamo i dati che ci dai (nome, contatti, data di
          nascita, codice fiscale, certificato medico sportivo) per tesserarti, gestire le prenotazioni e i pagamenti e rispettare gli obblighi di legge
          delle associazioni sportive.
        </Trans>
      </p>
      <h2 className="text-xl font-semibold text-sea-900">
        <Trans>Consensi facoltativi</Trans>
      </h2>
      <p>
        <Trans>
          Foto e video dell’attività sul sito e sui social, e la newsletter con eventi e tornei, sono facoltativi: puoi darli o revocarli in qualsiasi
          momento dal tuo profilo, e ogni newsletter contiene il link per disiscriverti. Le comunicazioni di servizio (tessera, prenotazioni, certificato)
          arrivano comunque.
        </Trans>
      </p>
      <h2 className="text-xl font-semibold text-sea-900">
        <Trans>Minori</Trans>
      </h2>
      <p>
        <Trans>Per chi ha meno di 14 anni il consenso è dato da un genitore o da chi ne fa le veci, di cui registriamo nome e codice fiscale.</Trans>
      </p>
      <h2 className="text-xl font-semibold text-sea-900">
        <Trans>I tuoi diritti</Trans>
      </h2>
      <p>
        <Trans>Dal profilo puoi scaricare tutti i tuoi dati e chiederne la cancellazione; i dati contabili sono conservati per il tempo richiesto dalla legge.</Trans>
      </p>
    </article>
  );
}
