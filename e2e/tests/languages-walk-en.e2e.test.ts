// Every public and member screen in English (/en/…) at 1280 and 390 px: no Italian word of the catalogues
// left, no text cut or overflowing its box, no axe violation (src/route-walk.ts). A file per language, so
// the two walks run side by side.
import { beforeAll } from 'vitest';
import { arrangeMemberScreens, walkRoutesIn } from '../src/route-walk.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

beforeAll(() => arrangeMemberScreens(ctx.stack.db));

walkRoutesIn(ctx, 'en');
