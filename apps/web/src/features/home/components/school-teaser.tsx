// The school on the home page: season courses and summer camps, with the way to /scuola. Part of the
// sections loaded after the first paint, so it costs the first paint nothing.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';

export function SchoolTeaser() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="school-teaser-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-col gap-6 rounded-3xl bg-sand-100 px-6 py-10 ring-1 ring-sand-200 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="school-teaser-title" className="text-3xl font-bold text-sea-900">
            <Trans>Scuola di beach volley e centri estivi</Trans>
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            <Trans>Corsi per bambini, ragazzi e adulti con i nostri allenatori sui campi della fila D, lezioni singole e di prova. D’estate, i centri estivi: settimane dal lunedì al venerdì divise per età.</Trans>
          </p>
        </div>
        <Link
          to={localizedTo(i18n.locale as Locale, paths.school)}
          className="self-start rounded-full bg-sea-700 px-6 py-3 text-center font-bold text-white hover:bg-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 md:shrink-0 md:self-auto"
        >
          <Trans>Scopri corsi e centri estivi</Trans>
        </Link>
      </div>
    </section>
  );
}
