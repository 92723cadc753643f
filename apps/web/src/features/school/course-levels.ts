// A course's level (docs/i18n.md#data-words): the admin types it; the school's own words for levels and age
// groups ("Intermedio", "Bambini e ragazzi"), in any case, are shown in the page's language, any other text
// is the centre's own and shown as typed.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const LEVELS: Record<string, MessageDescriptor> = {
  principiante: msg`Principiante`,
  principianti: msg`Principianti`,
  base: msg({ message: 'Base', comment: 'A course level: the basics.' }),
  intermedio: msg`Intermedio`,
  intermedi: msg`Intermedi`,
  avanzato: msg`Avanzato`,
  avanzati: msg`Avanzati`,
  agonista: msg`Agonista`,
  agonisti: msg`Agonisti`,
  bambini: msg`Bambini`,
  ragazzi: msg`Ragazzi`,
  'bambini e ragazzi': msg`Bambini e ragazzi`,
  adulti: msg`Adulti`,
};

/** The level in the page's language when it is one of the school's words, else as the admin typed it. */
export function courseLevelText(i18n: I18n, level: string): string {
  const known = LEVELS[level.trim().toLowerCase()];
  return known ? i18n._(known) : level;
}
