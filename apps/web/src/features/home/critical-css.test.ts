import { describe, expect, it } from 'vitest';
import { childSpacingRulesOf } from '../../../vite-plugins/critical-css';

describe("the home page's inline CSS", () => {
  it('keeps the spacing rules of the classes its markup uses, not every screen’s', () => {
    const kept = childSpacingRulesOf('<ul class="mt-3 space-y-2 text-sm"></ul><div class="sm:space-y-6 space-y-0.5"></div>');
    expect(kept.test(':where(.space-y-2>:not(:last-child))')).toBe(true);
    expect(kept.test(':where(.sm\\:space-y-6>:not(:last-child))')).toBe(true);
    expect(kept.test(':where(.space-y-0\\.5>:not(:last-child))')).toBe(true);
    expect(kept.test(':where(.space-y-6>:not(:last-child))')).toBe(false);
    expect(kept.test(':where(.divide-y>:not(:last-child))')).toBe(false);
    // A class that only begins like a used one.
    expect(kept.test(':where(.space-y-20>:not(:last-child))')).toBe(false);
  });
});
