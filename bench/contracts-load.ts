// Chromium's main-thread script and task time (CDP Performance.getMetrics) to open a signed-in screen in a new
// browser context, on two builds of the web app served side by side (the API and database one stack's),
// alternated round by round after a warm-up. Run: pnpm --filter @beach/bench exec tsx contracts-load.ts <old dist> <new dist> [rounds]
// (docs/testing.md#session-14-the-contracts-a-page-loads).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { launchBrowser } from '@beach/e2e/browser';
import { startStack } from '@beach/e2e/stack';
import { sessionEntries } from '../apps/web/src/lib/session.js';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json' };

/** The build in `dir` as nginx serves it (hashed files immutable, any other address the shell), /api to the stack. */
async function serve(dir: string, apiUrl: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/api')) {
      const target = new URL(req.url!, apiUrl);
      const forward = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
      return;
    }
    const file = join(dir, path);
    const found = path !== '/' && existsSync(file) && statSync(file).isFile() ? file : join(dir, 'spa.html');
    res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream', ...(path.startsWith('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}) });
    res.end(readFileSync(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const SCREENS = [
  { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo' },
  { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' },
  { email: 'utente@demo.beach', path: '/le-mie-prenotazioni', heading: 'Le mie prenotazioni' },
];
const [beforeDir, afterDir, rounds = '5'] = process.argv.slice(2);
const ROUNDS = Number(rounds);
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const stack = await startStack();
const browser = await launchBrowser();
const builds = { before: await serve(beforeDir!, stack.webUrl), after: await serve(afterDir!, stack.webUrl) };
try {
  const sessions = new Map<string, { name: string; value: string }[]>();
  for (const { email } of SCREENS) {
    const response = await fetch(`${stack.webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo2026!' }) });
    const signedIn = (await response.json()) as { access_token: string; user: Parameters<typeof sessionEntries>[0]['user']; remember_me: boolean };
    sessions.set(email, sessionEntries({ token: signedIn.access_token, user: signedIn.user, remember: signedIn.remember_me }));
  }
  const load = async (build: 'before' | 'after', screen: (typeof SCREENS)[number]) => {
    const origin = builds[build].url;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: { cookies: [], origins: [{ origin, localStorage: sessions.get(screen.email)! }] } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${origin}${screen.path}`);
    await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)!.value * 1000;
    const bytes = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0));
    await context.close();
    return { script: metric('ScriptDuration'), task: metric('TaskDuration'), kb: bytes / 1024 };
  };
  // Warm-up: each build and screen once.
  for (const screen of SCREENS) for (const build of ['before', 'after'] as const) await load(build, screen);
  const results: Record<string, { script: number[]; task: number[]; kb: number[] }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const screen of SCREENS) {
      for (const build of order) {
        const r = await load(build, screen);
        const key = `${screen.path} ${build}`;
        console.log(`${key}: script ${r.script.toFixed(0)} ms, task ${r.task.toFixed(0)} ms, ${r.kb.toFixed(0)} KB of scripts`);
        (results[key] ??= { script: [], task: [], kb: [] }).script.push(r.script);
        results[key].task.push(r.task);
        results[key].kb.push(r.kb);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  for (const [key, r] of Object.entries(results)) {
    console.log(`${key}: script median ${median(r.script).toFixed(0)} ms, task median ${median(r.task).toFixed(0)} ms, ${median(r.kb).toFixed(0)} KB of scripts`);
  }
  console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  for (const { server } of Object.values(builds)) server.close();
  await browser.close();
  await stack.stop();
}
