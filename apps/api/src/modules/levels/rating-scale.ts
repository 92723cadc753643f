// How an openskill rating (mu, sigma) is shown on the centre's 0–7 scale, and where a first level starts
// (docs/levels.md#the-scale).
import type { TLevelQuestion } from '@beach/contracts';
import { rating } from 'openskill';

/** openskill's own starting rating: mu 25, sigma 25/3. */
const START = rating();
export const START_MU = START.mu;
export const START_SIGMA = START.sigma;

/** The scale's top: mu 50 (twice the start) is level 7, so a newcomer at mu 25 sits at 3.5, the middle. */
const MU_AT_TOP = 2 * START_MU;
const TOP_LEVEL = 7;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** mu on the 0–7 scale (two decimals), clamped at the ends. */
export const levelOf = (mu: number) => round2(Math.min(TOP_LEVEL, Math.max(0, (mu / MU_AT_TOP) * TOP_LEVEL)));
/** The mu a level stands for (the questionnaire's and an admin's level). */
export const muOf = (level: number) => (level / TOP_LEVEL) * MU_AT_TOP;
/** How sure the level is, 0–100 %: how far sigma has shrunk from openskill's start. */
export const reliabilityOf = (sigma: number) => Math.round(Math.min(100, Math.max(0, (1 - sigma / START_SIGMA) * 100)));

/** The level the questionnaire starts from: 0.5 (all answers the least) to 5.5 (all the most); results find the top. */
export function questionnaireLevel(answers: Record<TLevelQuestion, number>): number {
  const values = Object.values(answers);
  const most = values.length * 3;
  const total = values.reduce((sum, value) => sum + value, 0);
  return 0.5 + (total / most) * 5;
}

/** A level as the contracts show it. */
export const shownLevel = (row: { mu: number; sigma: number }) => ({ level: levelOf(row.mu), reliability: reliabilityOf(row.sigma) });
