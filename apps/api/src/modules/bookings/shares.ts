// How a price is split among the players (docs/domain.md#split-payment): equal shares in whole cents
// that add up to the price exactly; the first player (the organiser, or whoever the caller puts first)
// takes the remainder.
export function splitShares(totalCents: number, players: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new Error(`Not an amount in cents: ${totalCents}`);
  if (!Number.isInteger(players) || players < 1) throw new Error(`Not a number of players: ${players}`);
  const each = Math.floor(totalCents / players);
  return [totalCents - each * (players - 1), ...Array.from({ length: players - 1 }, () => each)];
}
