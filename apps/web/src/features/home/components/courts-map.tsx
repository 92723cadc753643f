import type { TCourt } from '@beach/contracts';
import { COURT_PURPOSE_INFO, COURT_PURPOSES } from 'virtual:contracts-data';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCourts } from '../api/use-home-data';

const COURT_WIDTH = 96;
const COURT_HEIGHT = 60;
const GAP = 12;
const ROWS_WIDTH = 800;
const ROW_Y: Record<string, number> = { A: 80, B: 170, C: 260, D: 350 };
const FREE_USE_X = 850;

export interface PlacedCourt extends TCourt {
  x: number;
  y: number;
}

/** Rows A-D centred one above the other from the sea; the free-use courts in a column beside them. */
export function placeCourts(courts: TCourt[]): PlacedCourt[] {
  return courts.map((court) => {
    if (court.row === null) return { ...court, x: FREE_USE_X, y: ROW_Y.B! + (court.position - 1) * (COURT_HEIGHT + 30) };
    const inRow = courts.filter((other) => other.row === court.row).length;
    const start = (ROWS_WIDTH - (inRow * COURT_WIDTH + (inRow - 1) * GAP)) / 2;
    return { ...court, x: start + (court.position - 1) * (COURT_WIDTH + GAP), y: ROW_Y[court.row]! };
  });
}

export const bookingLink = (court: Pick<TCourt, 'code'>) => `${paths.bookings}?campo=${encodeURIComponent(court.code)}`;

export function CourtsMap() {
  const { data: courts, isPending, isError, refetch } = useCourts();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const placed = courts ? placeCourts(courts) : [];
  const selected = placed.find((court) => court.id === selectedId) ?? null;
  const onKey = (court: TCourt) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelectedId(court.id);
    }
  };

  return (
    <section id="courts-map" aria-labelledby="courts-map-title" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="courts-map-title" className="text-3xl font-bold text-sea-900">Mappa dei campi</h2>
      <p className="mt-2 text-slate-700">Tocca un campo per vedere a cosa è dedicato e, se è prenotabile, prenotarlo.</p>
      {isPending && <div className="flex justify-center py-10 text-sea-700"><Spinner size="lg" label="Caricamento mappa..." /></div>}
      {isError && (
        <div className="mt-6">
          <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => refetch()}>Riprova</Button>}>Non è stato possibile caricare la mappa dei campi.</Alert>
        </div>
      )}
      {courts && (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
          {/* On a phone the map keeps a size that fingers can hit, and scrolls sideways. */}
          <div className="overflow-x-auto rounded-2xl">
          <svg viewBox="0 0 1000 520" role="group" aria-label="Mappa dei campi" className="h-auto w-full min-w-[40rem] rounded-2xl bg-[#fcd9a0] shadow-inner">
            <rect x="0" y="0" width="1000" height="50" fill="#0e7490" />
            <text x="500" y="32" textAnchor="middle" fill="#fff" fontSize="18" fontWeight="600">Mare Adriatico</text>
            {placed.map((court) => {
              const info = COURT_PURPOSE_INFO[court.purpose];
              const isSelected = court.id === selectedId;
              return (
                <g
                  key={court.id}
                  role="button"
                  tabIndex={0}
                  aria-pressed={isSelected}
                  aria-label={`${court.code} · ${court.name} · ${info.label}`}
                  data-court={court.code}
                  onClick={() => setSelectedId(court.id)}
                  onKeyDown={onKey(court)}
                  className="cursor-pointer outline-none [&:focus-visible>rect]:stroke-sea-900 [&:focus-visible>rect]:stroke-[5]"
                >
                  <rect x={court.x} y={court.y} width={COURT_WIDTH} height={COURT_HEIGHT} rx="6" fill={info.color} stroke={isSelected ? '#0f172a' : '#ffffff'} strokeWidth={isSelected ? 5 : 3} />
                  <line x1={court.x + COURT_WIDTH / 2} y1={court.y + 4} x2={court.x + COURT_WIDTH / 2} y2={court.y + COURT_HEIGHT - 4} stroke="#ffffff" strokeWidth="2" />
                  <text x={court.x + COURT_WIDTH / 2} y={court.y + COURT_HEIGHT / 2 + 6} textAnchor="middle" fontSize="18" fontWeight="700" fill="#0f172a">{court.code}</text>
                </g>
              );
            })}
            <g aria-label="Reception e segreteria" role="img">
              <rect x="300" y="440" width="200" height="54" rx="8" fill="#334155" />
              <text x="400" y="473" textAnchor="middle" fill="#fff" fontSize="16" fontWeight="600">Reception</text>
            </g>
          </svg>
          </div>

          <div className="space-y-6">
            <div aria-live="polite" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              {selected ? (
                <>
                  <h3 className="text-xl font-bold text-slate-900">{selected.name}</h3>
                  <p className="mt-1 font-medium text-sea-800">{COURT_PURPOSE_INFO[selected.purpose].label}</p>
                  <p className="mt-1 text-sm text-slate-600">{selected.description ?? COURT_PURPOSE_INFO[selected.purpose].description}</p>
                  {selected.has_lights && <p className="mt-1 text-sm text-slate-600">Illuminato per le partite serali.</p>}
                  {selected.is_bookable && (
                    <Link to={bookingLink(selected)} className="mt-4 inline-block rounded-lg bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800">
                      Prenota {selected.code}
                    </Link>
                  )}
                </>
              ) : (
                <p className="text-sm text-slate-600">Seleziona un campo sulla mappa.</p>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Legenda</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {COURT_PURPOSES.map((purpose) => (
                  <li key={purpose} className="flex items-center gap-2">
                    <span aria-hidden="true" className="inline-block h-4 w-6 rounded" style={{ backgroundColor: COURT_PURPOSE_INFO[purpose].color }} />
                    <span><strong>{COURT_PURPOSE_INFO[purpose].label}</strong> · {COURT_PURPOSE_INFO[purpose].description}</span>
                  </li>
                ))}
                <li className="flex items-center gap-2">
                  <span aria-hidden="true" className="inline-block h-4 w-6 rounded bg-slate-700" />
                  <span><strong>Reception</strong> · Segreteria, tessere e informazioni</span>
                </li>
              </ul>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
