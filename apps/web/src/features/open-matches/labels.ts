// How open matches are named on screen (docs/open-matches.md), in the page's language.
import type { TOpenMatch } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const FORMAT_NAMES: Record<TOpenMatch['format'], MessageDescriptor> = {
  volley_2x2: msg`Beach volley 2×2`,
  volley_4x4: msg`Beach volley 4×4`,
  tennis_doubles: msg`Beach tennis doppio`,
  footvolley_2x2: msg`Footvolley 2×2`,
};

export const SPORT_NAMES: Record<TOpenMatch['sport'], MessageDescriptor> = {
  beach_volley: msg`Beach volley`,
  beach_tennis: msg`Beach tennis`,
  foot_volley: msg`Footvolley`,
};

export const GENDER_NAMES: Record<TOpenMatch['gender'], MessageDescriptor> = {
  women: msg`Femminile`,
  men: msg`Maschile`,
  mixed: msg`Misto`,
  open: msg`Aperta a tutti`,
};

export const TIME_OF_DAY_NAMES: Record<'morning' | 'afternoon' | 'evening', MessageDescriptor> = {
  morning: msg`Mattina`,
  afternoon: msg`Pomeriggio`,
  evening: msg`Sera`,
};
