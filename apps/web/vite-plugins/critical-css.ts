/**
 * Tailwind's rules for the spacing between children, `:where(.space-y-2>:not(:last-child))`: Beasties drops the
 * pseudo-classes before it matches a selector against the markup, so it cannot tell whether one applies. This
 * keeps those whose class the markup uses, not every screen's (1.3 KB of the home page's inline CSS).
 */
export function childSpacingRulesOf(markup: string): RegExp {
  const classes = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(/\s+/).filter(Boolean)));
  // As a selector writes them (`space-y-0\.5`, `sm\:space-y-6`), then as a pattern.
  const selectors = [...classes].map((name) => name.replace(/[^\w-]/g, (char) => `\\${char}`).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
  return new RegExp(`^:where\\(\\.(?:${selectors.join('|')})>`);
}
