// List scheduling in time: repeatedly place, of the matches whose feeders are placed, the one that can
// start earliest (ties by the draw's order), on the court where it starts earliest (ties: an unlit court
// first, keeping the lit ones for the evening). Every start is searched against the same rules
// `violations` checks, so what is placed never breaks one; what finds no room is reported unplaced.
import { MINUTE, playedBusy, settingOf, tooClose, violations, type Busy, type Setting } from './rules.js';
import type { MatchToPlace, MoveResult, Pin, Placement, ScheduleInput, ScheduleResult } from './types.js';

/** The plan being built: who holds each court and each participant, and when each match ends. */
class Plan {
  readonly placed: Placement[] = [];
  private readonly courtBusy = new Map<number, Busy[]>();
  private readonly participantBusy: Map<number, Busy[]>;
  private readonly ends: Map<string, number>;

  constructor(private readonly setting: Setting) {
    this.participantBusy = playedBusy(setting);
    this.ends = new Map(setting.playedEnds);
  }

  place(match: MatchToPlace, courtId: number, start: number) {
    const span = { key: match.key, start, end: start + match.minutes * MINUTE };
    this.placed.push({ key: match.key, courtId, startsAt: new Date(span.start), endsAt: new Date(span.end) });
    this.courtBusy.set(courtId, [...(this.courtBusy.get(courtId) ?? []), span]);
    for (const participant of match.participants) this.participantBusy.set(participant, [...(this.participantBusy.get(participant) ?? []), span]);
    this.ends.set(match.key, span.end);
  }

  /** When the match may start at the earliest (the earliest, every feeder ended + rest); null while a feeder is not placed. */
  readyAt(match: MatchToPlace): number | null {
    let ready = this.setting.earliest;
    for (const feeder of match.feeders) {
      const end = this.ends.get(feeder);
      if (end === undefined) return null;
      ready = Math.max(ready, end + this.setting.restMs);
    }
    return ready;
  }

  /** The first start on the grid, not before `notBefore`, where the match fits on that court; null when none. */
  earliestStart(match: MatchToPlace, courtId: number, notBefore: number): { start: number; lit: boolean } | null {
    const { changeoverMs, restMs, slotMs } = this.setting;
    const onGrid = (ms: number) => Math.ceil(ms / slotMs) * slotMs;
    const length = match.minutes * MINUTE;
    const court = this.courtBusy.get(courtId) ?? [];
    const mates = match.participants.flatMap((participant) => this.participantBusy.get(participant) ?? []);
    for (const window of this.setting.windowsByCourt.get(courtId) ?? []) {
      let start = onGrid(Math.max(notBefore, window.from));
      while (start + length <= window.until) {
        const span = { start, end: start + length };
        // Each clash moves the start just past it: every start before that clashes too.
        const onCourt = court.find((busy) => tooClose(span, busy, changeoverMs));
        if (onCourt) {
          start = onGrid(onCourt.end + changeoverMs);
          continue;
        }
        const mate = mates.find((busy) => tooClose(span, busy, restMs));
        if (mate) {
          start = onGrid(mate.end + restMs);
          continue;
        }
        return { start, lit: window.lit };
      }
    }
    return null;
  }

  /** Places the pending matches one at a time, earliest start first; returns the keys left without room. */
  fill(pending: MatchToPlace[]): string[] {
    const left = [...pending];
    for (;;) {
      let best: { index: number; match: MatchToPlace; courtId: number; start: number; lit: boolean } | null = null;
      for (const [index, match] of left.entries()) {
        const ready = this.readyAt(match);
        if (ready === null) continue;
        for (const courtId of this.setting.windowsByCourt.keys()) {
          const found = this.earliestStart(match, courtId, ready);
          if (!found) continue;
          const candidate = { index, match, courtId, ...found };
          if (!best || isBetter(candidate, best)) best = candidate;
        }
      }
      if (!best) return left.map((match) => match.key);
      this.place(best.match, best.courtId, best.start);
      left.splice(best.index, 1);
    }
  }
}

type Candidate = { index: number; match: MatchToPlace; courtId: number; start: number; lit: boolean };
/** Earliest start, then the draw's order, then its listing; for one match, an unlit court, then the lower id. */
const isBetter = (a: Candidate, b: Candidate) =>
  a.start !== b.start ? a.start < b.start
  : a.match.order !== b.match.order ? a.match.order < b.match.order
  : a.index !== b.index ? a.index < b.index
  : a.lit !== b.lit ? !a.lit
  : a.courtId < b.courtId;

/** The plan with the pins placed as given, and the matches still to place (each key once, played ones left out). */
function startPlan(input: ScheduleInput) {
  const setting = settingOf(input);
  const plan = new Plan(setting);
  for (const [key, pin] of setting.pins) {
    const match = setting.matches.get(key);
    if (match && !setting.playedEnds.has(key)) plan.place(match, pin.courtId, pin.startsAt);
  }
  const pending = [...setting.matches.values()].filter((match) => !setting.playedEnds.has(match.key) && !setting.pins.has(match.key));
  return { setting, plan, pending };
}

export function schedule(input: ScheduleInput): ScheduleResult {
  const { plan, pending } = startPlan(input);
  const unplaced = plan.fill(pending);
  return { placed: plan.placed, unplaced };
}

/**
 * The organiser moves a match (drag or form): pinned there, the rest re-planned; what moved. The current
 * placements the move does not disturb stay (walked in time, each kept while it still fits beside the pins
 * and what was kept before it); the others, and the matches that depend on them, are placed again.
 */
export function moveMatch(input: ScheduleInput, current: Placement[], move: Pin): MoveResult {
  const pinned = [...(input.pinned ?? []).filter((pin) => pin.key !== move.key), move];
  const moved: ScheduleInput = { ...input, pinned };
  const { setting, plan, pending } = startPlan(moved);
  const currentByKey = new Map(current.map((placement) => [placement.key, placement]));
  const toPlace: MatchToPlace[] = [];
  for (const match of [...pending].sort((a, b) => startOf(currentByKey.get(a.key)) - startOf(currentByKey.get(b.key)))) {
    const was = currentByKey.get(match.key);
    const ready = plan.readyAt(match);
    const start = was && ready !== null && ready <= was.startsAt.getTime() ? plan.earliestStart(match, was.courtId, was.startsAt.getTime())?.start : undefined;
    if (was && start === was.startsAt.getTime() && was.endsAt.getTime() === start + match.minutes * MINUTE) plan.place(match, was.courtId, start);
    else toPlace.push(match);
  }
  const unplaced = plan.fill(toPlace);
  const placedByKey = new Map(plan.placed.map((placement) => [placement.key, placement]));
  const shifted = [...setting.matches.keys()].flatMap((key) => {
    const from = currentByKey.get(key) ?? null;
    const to = placedByKey.get(key) ?? null;
    const same = from?.courtId === to?.courtId && from?.startsAt.getTime() === to?.startsAt.getTime();
    return same ? [] : [{ key, from, to }];
  });
  return { placed: plan.placed, unplaced, shifted, conflicts: violations(moved, plan.placed) };
}

const startOf = (placement: Placement | undefined) => placement?.startsAt.getTime() ?? Infinity;
