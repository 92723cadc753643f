// What every database starts with: the 19 courts in rows A–D plus the two free-use courts, and the
// price list (docs/domain.md#courts, docs/domain.md#price-list).
import type { TCourtPurpose, TPriceCode } from '@beach/contracts';

interface CourtSeed {
  code: string;
  name: string;
  row: 'A' | 'B' | 'C' | 'D' | null;
  position: number;
  purpose: TCourtPurpose;
  hasLights: boolean;
  isBookable: boolean;
  description: string;
}

const rowOf = (row: 'B' | 'C' | 'D', count: number, seed: Omit<CourtSeed, 'code' | 'name' | 'row' | 'position'>) =>
  Array.from({ length: count }, (_, index) => ({ ...seed, code: `${row}${index + 1}`, name: `Campo ${row}${index + 1}`, row, position: index + 1 }));

export const COURTS: CourtSeed[] = [
  { code: 'A1', name: 'Campo Centrale A1', row: 'A', position: 1, purpose: 'central', hasLights: true, isBookable: true, description: 'Il campo dei tornei e degli eventi, con tribuna' },
  ...rowOf('B', 7, { purpose: 'members', hasLights: false, isBookable: false, description: 'Riservato ai tesserati' }),
  ...rowOf('C', 5, { purpose: 'bookable', hasLights: true, isBookable: true, description: 'Prenotabile, illuminato fino a mezzanotte' }),
  ...rowOf('D', 6, { purpose: 'school', hasLights: false, isBookable: false, description: 'Scuola beach volley e camp' }),
  { code: 'L1', name: 'Libera utenza 1', row: null, position: 1, purpose: 'free_use', hasLights: false, isBookable: false, description: 'Sempre libero, senza prenotazione' },
  { code: 'L2', name: 'Libera utenza 2', row: null, position: 2, purpose: 'free_use', hasLights: false, isBookable: false, description: 'Sempre libero, senza prenotazione' },
];

/** The base price list, in cents. */
export const PRICES: Record<TPriceCode, number> = {
  membership_seasonal: 6000,
  membership_seasonal_bvu: 5000,
  membership_under_23: 3000,
  membership_under_18: 0,
  membership_monthly: 3000,
  membership_weekly: 2000,
  membership_daily: 500,
  insurance_addon: 1000,
  court_full_day: 6000,
  court_full_day_equipment: 10000,
  court_day_slot: 2000,
  court_evening_slot: 4000,
};

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.beach', firstName: 'Alessandra', lastName: 'Amministratrice', role: 'admin' },
  { email: 'staff@demo.beach', firstName: 'Stefano', lastName: 'Segreteria', role: 'staff' },
  { email: 'utente@demo.beach', firstName: 'Giulia', lastName: 'Rossi', role: 'user' },
] as const;

/** The standard setups; courts get them by date range on /admin/allestimenti. */
export const SETUPS = [
  { name: 'Beach volley', sport: 'beach_volley', netHeightCm: 243, lengthM: 16, widthM: 8, equipment: 'Rete, antenne, linee', notes: 'Rete a 2,43 m maschile, 2,24 m femminile' },
  { name: 'Beach tennis', sport: 'beach_tennis', netHeightCm: 170, lengthM: 16, widthM: 8, equipment: 'Rete, linee', notes: null },
  { name: 'Foot volley', sport: 'foot_volley', netHeightCm: 220, lengthM: 18, widthM: 9, equipment: 'Rete, linee', notes: null },
] as const;
