// The back-office half of the walk of every screen (./src/route-walk.ts): each staff and admin screen (and a
// coach's, opened by staff)
// passes axe-core's WCAG 2 A/AA rules at 1280 and 390 px, with no form without noValidate.
import { beforeAll } from 'vitest';
import { arrangeCoachSession, arrangeTournament, walkRoutes } from '../src/route-walk.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

beforeAll(async () => {
  await arrangeCoachSession(ctx.stack.db);
  await arrangeTournament(ctx.stack.db);
});

walkRoutes(ctx, ['staff', 'admin']);
