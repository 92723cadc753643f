// The scheduler's hard rules, in one place: the search in schedule.ts places only where `violations`
// would find nothing, and the API checks an organiser's manual move with the same function.
import { CENTRE_LOCATION } from '@beach/contracts/centre';
import { romeToday } from '@beach/contracts';
import { sunsetOn } from '../../../lib/daylight.js';
import { timeOf } from '../../../lib/time.js';
import type { MatchToPlace, Placement, ScheduleInput } from './types.js';

export const MINUTE = 60_000;
const DEFAULT_CHANGEOVER_MINUTES = 5;
const DEFAULT_SLOT_MINUTES = 5;

/** A court's hours on one day, in epoch milliseconds; `until` is when its last match must end. */
export interface CourtWindow {
  courtId: number;
  lit: boolean;
  from: number;
  to: number;
  /** Sunset of the window's Rome date, for an unlit court; null when lit. */
  sunset: number | null;
  until: number;
}

/** A span a court or a participant is taken (a played match's start is unknown: -Infinity). */
export interface Busy {
  key: string;
  start: number;
  end: number;
}

/** The input read once: maps by key and court, durations in milliseconds. */
export interface Setting {
  matches: Map<string, MatchToPlace>;
  windowsByCourt: Map<number, CourtWindow[]>;
  restMs: number;
  changeoverMs: number;
  slotMs: number;
  earliest: number;
  pins: Map<string, { courtId: number; startsAt: number }>;
  playedEnds: Map<string, number>;
}

export function settingOf(input: ScheduleInput): Setting {
  const location = input.location ?? CENTRE_LOCATION;
  const windowsByCourt = new Map<number, CourtWindow[]>();
  for (const hours of input.courts) {
    const from = hours.from.getTime();
    const to = hours.to.getTime();
    const sunset = hours.lit ? null : sunsetOn(romeToday(hours.from), location).getTime();
    const window = { courtId: hours.courtId, lit: hours.lit, from, to, sunset, until: Math.min(to, sunset ?? to) };
    windowsByCourt.set(hours.courtId, [...(windowsByCourt.get(hours.courtId) ?? []), window].sort((a, b) => a.from - b.from));
  }
  return {
    matches: new Map(input.matches.map((match) => [match.key, match])),
    windowsByCourt,
    restMs: input.restMinutes * MINUTE,
    changeoverMs: (input.changeoverMinutes ?? DEFAULT_CHANGEOVER_MINUTES) * MINUTE,
    slotMs: (input.slotMinutes ?? DEFAULT_SLOT_MINUTES) * MINUTE,
    earliest: input.earliest?.getTime() ?? -Infinity,
    pins: new Map((input.pinned ?? []).map((pin) => [pin.key, { courtId: pin.courtId, startsAt: pin.startsAt.getTime() }])),
    playedEnds: new Map((input.played ?? []).map((match) => [match.key, match.endedAt.getTime()])),
  };
}

/** Two spans overlap once each is stretched by the gap that must separate them. */
export const tooClose = (a: { start: number; end: number }, b: { start: number; end: number }, gapMs: number) =>
  a.start < b.end + gapMs && b.start < a.end + gapMs;

/** The played matches as busy spans of their participants (they count for the rest of what follows). */
export function playedBusy(setting: Setting): Map<number, Busy[]> {
  const byParticipant = new Map<number, Busy[]>();
  for (const [key, end] of setting.playedEnds) {
    for (const participant of setting.matches.get(key)?.participants ?? []) {
      byParticipant.set(participant, [...(byParticipant.get(participant) ?? []), { key, start: -Infinity, end }]);
    }
  }
  return byParticipant;
}

const at = (ms: number) => timeOf(new Date(ms));

/** Checks a placement against every rule, returning the broken ones (used by tests and by the API on a manual move). */
export function violations(input: ScheduleInput, placed: Placement[]): string[] {
  const setting = settingOf(input);
  const broken: string[] = [];
  const spans = new Map<string, Placement & { start: number; end: number }>();
  for (const placement of placed) {
    const { key } = placement;
    const match = setting.matches.get(key);
    if (!match) broken.push(`${key}: partita sconosciuta`);
    else if (spans.has(key)) broken.push(`${key}: in programma due volte`);
    else if (setting.playedEnds.has(key)) broken.push(`${key}: già giocata, non va riprogrammata`);
    else spans.set(key, { ...placement, start: placement.startsAt.getTime(), end: placement.endsAt.getTime() });
  }
  const list = [...spans.values()].sort((a, b) => a.start - b.start);

  for (const span of list) {
    const match = setting.matches.get(span.key)!;
    const pin = setting.pins.get(span.key);
    if (span.end - span.start !== match.minutes * MINUTE) broken.push(`${span.key}: non dura ${match.minutes} min`);
    if (pin && (pin.courtId !== span.courtId || pin.startsAt !== span.start)) broken.push(`${span.key}: non è dove l'ha fissata l'organizzatore`);
    if (!pin && span.start < setting.earliest) broken.push(`${span.key}: inizia prima delle ${at(setting.earliest)}`);
    if (!pin && span.start % setting.slotMs !== 0) broken.push(`${span.key}: non inizia a un orario multiplo di ${setting.slotMs / MINUTE} min`);
    const window = setting.windowsByCourt.get(span.courtId)?.find((hours) => hours.from <= span.start && span.end <= hours.to);
    if (!window) broken.push(`${span.key}: fuori dall'orario del campo ${span.courtId}`);
    else if (window.sunset !== null && span.end > window.sunset) {
      broken.push(`${span.key}: il campo ${span.courtId} non è illuminato e la partita finisce dopo il tramonto (${at(window.sunset)})`);
    }
    for (const feeder of match.feeders) {
      const end = spans.get(feeder)?.end ?? setting.playedEnds.get(feeder);
      if (end === undefined) broken.push(`${span.key}: dipende da ${feeder}, che non è in programma`);
      else if (span.start < end + setting.restMs) broken.push(`${span.key}: inizia prima che ${feeder} finisca e passino ${input.restMinutes} min di riposo`);
    }
  }

  for (const [index, span] of list.entries()) {
    for (const other of list.slice(index + 1)) {
      if (other.courtId === span.courtId && tooClose(span, other, setting.changeoverMs)) {
        broken.push(`${span.key} e ${other.key}: insieme sul campo ${span.courtId} (servono ${setting.changeoverMs / MINUTE} min di cambio campo)`);
      }
      const shared = setting.matches.get(span.key)!.participants.filter((participant) => setting.matches.get(other.key)!.participants.includes(participant));
      if (shared.length > 0 && tooClose(span, other, setting.restMs)) {
        broken.push(`${span.key} e ${other.key}: ${shared.join(', ')} senza ${input.restMinutes} min di riposo tra le due`);
      }
    }
  }
  const played = playedBusy(setting);
  for (const span of list) {
    for (const participant of setting.matches.get(span.key)!.participants) {
      for (const before of played.get(participant) ?? []) {
        if (tooClose(span, before, setting.restMs)) broken.push(`${span.key}: ${participant} ha finito ${before.key} alle ${at(before.end)}, senza ${input.restMinutes} min di riposo`);
      }
    }
  }
  return broken;
}
