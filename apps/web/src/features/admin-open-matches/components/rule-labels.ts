// How the back-office names a rule's terms (Italian only, docs/i18n.md#parts).
import type { TAutomaticRule } from '@beach/contracts';

export const FORMAT_LABELS: Record<TAutomaticRule['format'], string> = { volley_2x2: 'Beach volley 2×2', volley_4x4: 'Beach volley 4×4', tennis_doubles: 'Beach tennis doppio', footvolley_2x2: 'Footvolley 2×2' };
export const GENDER_LABELS: Record<TAutomaticRule['gender'], string> = { women: 'Femminile', men: 'Maschile', mixed: 'Misto', open: 'Aperta a tutti' };
/** ISO order: Monday first. */
export const WEEKDAY_LABELS = ['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom'] as const;
