import type { TCourt } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COURT_PURPOSE_INFO, COURT_PURPOSES } from 'virtual:contracts-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { COURT_PURPOSE_LABELS } from '../../../lib/display-labels';
import { localizedTo } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCourts } from '../../../lib/use-public-data';
import { NARROW_LAYOUT, WIDE_LAYOUT } from './court-layout';
import { CourtPlan } from './court-plan';

/** The booking grid on `court`, in the page's language (the query's name is the Italian slug's, in every language). */
export const bookingLink = (locale: Locale, court: Pick<TCourt, 'code'>) => `${localizedTo(locale, paths.bookings)}?campo=${encodeURIComponent(court.code)}`;

export function CourtsMap() {
  const { i18n, t } = useLingui();
  const { data: courts, isPending, isError, refetch } = useCourts();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = courts?.find((court) => court.id === selectedId) ?? null;
  const selectedCode = selected?.code;
  // Below Tailwind's md breakpoint the wide drawing would shrink courts under 44 px.
  const wide = useMediaQuery('(min-width: 48rem)');

  return (
    <section id="courts-map" aria-labelledby="courts-map-title" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="courts-map-title" className="text-3xl font-bold text-sea-900">
        <Trans>Mappa dei campi</Trans>
      </h2>
      <p className="mt-2 text-slate-700">
        <Trans>Tocca un campo per vedere a cosa è dedicato e, se è prenotabile, prenotarlo.</Trans>
      </p>
      {isPending && <div className="flex justify-center py-10 text-sea-700"><Spinner size="lg" label={t`Caricamento mappa...`} /></div>}
      {isError && (
        <div className="mt-6">
          <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => refetch()}><Trans>Riprova</Trans></Button>}>
            <Trans>Non è stato possibile caricare la mappa dei campi.</Trans>
          </Alert>
        </div>
      )}
      {courts && (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
          <div className="mx-auto w-full max-w-md md:max-w-none">
            <CourtPlan courts={courts} layout={wide ? WIDE_LAYOUT : NARROW_LAYOUT} selectedId={selectedId} onSelect={(court) => setSelectedId(court.id)} />
          </div>

          <div className="space-y-6">
            <div aria-live="polite" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              {selected ? (
                <>
                  <h3 className="text-xl font-bold text-slate-900">{selected.name}</h3>
                  <p className="mt-1 font-medium text-sea-800">{i18n._(COURT_PURPOSE_LABELS[selected.purpose].label)}</p>
                  {/* A court's own description is the centre's, written in Italian; else its purpose's, in the page's language. */}
                  <p className="mt-1 text-sm text-slate-600">{selected.description ?? i18n._(COURT_PURPOSE_LABELS[selected.purpose].description)}</p>
                  {selected.has_lights && (
                    <p className="mt-1 text-sm text-slate-600">
                      <Trans>Illuminato per le partite serali.</Trans>
                    </p>
                  )}
                  {selected.is_bookable && (
                    <Link to={bookingLink(i18n.locale as Locale, selected)} className="mt-4 inline-block rounded-lg bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800">
                      <Trans>Prenota {selectedCode}</Trans>
                    </Link>
                  )}
                </>
              ) : (
                <p className="text-sm text-slate-600">
                  <Trans>Seleziona un campo sulla mappa.</Trans>
                </p>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">
                <Trans>Legenda</Trans>
              </h3>
              <ul className="mt-2 space-y-2 text-sm">
                {COURT_PURPOSES.map((purpose) => (
                  <li key={purpose} className="flex items-center gap-2">
                    <span aria-hidden="true" className="inline-block h-4 w-6 rounded" style={{ backgroundColor: COURT_PURPOSE_INFO[purpose].color }} />
                    <span><strong>{i18n._(COURT_PURPOSE_LABELS[purpose].label)}</strong> · {i18n._(COURT_PURPOSE_LABELS[purpose].description)}</span>
                  </li>
                ))}
                <li className="flex items-center gap-2">
                  <span aria-hidden="true" className="inline-block h-4 w-6 rounded bg-slate-700" />
                  <span>
                    <Trans>
                      <strong>Reception</strong> · Segreteria, tessere e informazioni
                    </Trans>
                  </span>
                </li>
              </ul>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
