// The drawing of the beach: sea, courts (buttons), reception, in one of the court layouts.
import type { TCourt } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { COURT_PURPOSE_INFO } from 'virtual:contracts-data';
import { COURT_PURPOSE_LABELS } from '../../../lib/display-labels';
import { placeCourts, type CourtLayout } from './court-layout';

export function CourtPlan({ courts, layout, selectedId, onSelect }: { courts: TCourt[]; layout: CourtLayout; selectedId: number | null; onSelect: (court: TCourt) => void }) {
  const { i18n, t } = useLingui();
  const { width, height } = layout.court;
  // The net crosses a court's long side; on an upright court the code sits above it.
  const netAcross = width > height;
  const onKey = (court: TCourt) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(court);
    }
  };

  return (
    <svg viewBox={`0 0 ${layout.width} ${layout.height}`} role="group" aria-label={t`Mappa dei campi`} className="h-auto w-full rounded-2xl bg-[#fcd9a0] shadow-inner">
      <rect x="0" y="0" width={layout.width} height={layout.seaHeight} fill="#0e7490" />
      <text x={layout.width / 2} y={layout.seaHeight / 2 + layout.fontSize / 3} textAnchor="middle" fill="#fff" fontSize={layout.fontSize} fontWeight="600">{t`Mare Adriatico`}</text>
      {placeCourts(courts, layout).map((court) => {
        const info = COURT_PURPOSE_INFO[court.purpose];
        const purpose = i18n._(COURT_PURPOSE_LABELS[court.purpose].label);
        const isSelected = court.id === selectedId;
        const middle = { x: court.x + width / 2, y: court.y + height / 2 };
        return (
          <g
            key={court.id}
            role="button"
            tabIndex={0}
            aria-pressed={isSelected}
            aria-label={`${court.code} · ${court.name} · ${purpose}`}
            data-court={court.code}
            onClick={() => onSelect(court)}
            onKeyDown={onKey(court)}
            className="cursor-pointer outline-none [&:focus-visible>rect]:stroke-sea-900 [&:focus-visible>rect]:stroke-[5]"
          >
            <rect x={court.x} y={court.y} width={width} height={height} rx="6" fill={info.color} stroke={isSelected ? '#0f172a' : '#ffffff'} strokeWidth={isSelected ? 5 : 3} />
            {netAcross ? (
              <line x1={middle.x} y1={court.y + 4} x2={middle.x} y2={court.y + height - 4} stroke="#ffffff" strokeWidth="2" />
            ) : (
              <line x1={court.x + 4} y1={middle.y} x2={court.x + width - 4} y2={middle.y} stroke="#ffffff" strokeWidth="2" />
            )}
            <text x={middle.x} y={netAcross ? middle.y + layout.fontSize / 3 : middle.y - 6} textAnchor="middle" fontSize={layout.fontSize} fontWeight="700" fill="#0f172a">{court.code}</text>
          </g>
        );
      })}
      <g aria-label={t`Reception e segreteria`} role="img">
        <rect {...layout.reception} rx="8" fill="#334155" />
        <text x={layout.reception.x + layout.reception.width / 2} y={layout.reception.y + layout.reception.height / 2 + layout.fontSize / 3} textAnchor="middle" fill="#fff" fontSize={layout.fontSize - 2} fontWeight="600">{t`Reception`}</text>
      </g>
    </svg>
  );
}
