import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { loadPartsInUse, localizedTo } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { HeroSlideshow } from '../components/hero-slideshow';
import { HowItWorks } from '../components/how-it-works';

// Fetched with their own part of the catalogue, after the first paint.
const HomeDataSections = lazy(() => Promise.all([import('../components/home-data-sections'), loadPartsInUse(['home'])]).then(([module]) => module));

/** Stand-ins with the sections' anchors and about their height, so header links land right. */
function DataSectionsPlaceholder() {
  const { t } = useLingui();
  return (
    <>
      <section id="pricing" aria-busy="true" className="flex min-h-[48rem] items-center justify-center bg-sand-100 text-sea-700 lg:min-h-[36rem]">
        <Spinner size="lg" label={t`Caricamento tariffe...`} />
      </section>
      <section id="courts-map" aria-busy="true" className="flex min-h-[40rem] items-center justify-center text-sea-700">
        <Spinner size="lg" label={t`Caricamento mappa...`} />
      </section>
    </>
  );
}

export default function HomePage() {
  const { i18n } = useLingui();
  usePageTitle(null);
  return (
    <>
      <HeroSlideshow />
      <section aria-labelledby="welcome-title" className="mx-auto max-w-4xl px-4 py-14 text-center">
        <h2 id="welcome-title" className="text-3xl font-bold text-sea-900">
          <Trans>Benvenuti in spiaggia!</Trans>
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          <Trans>
            Adriatica Beach Arena è il centro di beach volley, beach tennis e foot volley sulla riviera: 19 campi in 4 file,
            due campi sempre liberi, la scuola di beach volley e i camp estivi. Fai la tessera, prenota il tuo campo online
            e vieni a giocare, dalla mattina fino a mezzanotte.
          </Trans>
        </p>
      </section>
      <HowItWorks />
      <Suspense fallback={<DataSectionsPlaceholder />}>
        <HomeDataSections />
      </Suspense>
      <section aria-labelledby="closing-cta-title" className="mx-auto max-w-7xl px-4 pb-8">
        <div className="rounded-3xl bg-sea-700 px-6 py-12 text-center text-white">
          <h2 id="closing-cta-title" className="text-3xl font-bold">
            <Trans>Pronto a scendere in campo?</Trans>
          </h2>
          <p className="mt-3 text-sea-50">
            <Trans>Registrati in un minuto: poi tessera, prenotazioni e pagamenti sono tutti online.</Trans>
          </p>
          <Link to={localizedTo(i18n.locale as Locale, paths.register)} className="mt-6 inline-block rounded-full bg-amber-400 px-6 py-3 font-bold text-slate-900 hover:bg-amber-300">
            <Trans>Registrati ora</Trans>
          </Link>
        </div>
      </section>
    </>
  );
}
