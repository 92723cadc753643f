// Largest Contentful Paint of the home page in each language (/, /de/, /en/): production build served locally
// with the real API and database, headless Chromium with 4x CPU slowdown and a throttled network (1.6 Mbps
// down, 750 kbps up, 150 ms RTT), cold cache; median of 5 runs each, the three addresses in turns.
// Target (issue 51): under 500 ms on all three (issue 20 set 1.0 s).  Run: pnpm bench:lcp
import { availableParallelism, loadavg } from 'node:os';
import { launchBrowser } from '@beach/e2e/browser';
import buildWeb from '@beach/e2e/build-web';
import { startStack } from '@beach/e2e/stack';

const RUNS = 5;

// The figure is only as steady as the machine: the page's paint competes with whatever else runs.
const [load] = loadavg();
console.log(`host load average (1 min): ${load!.toFixed(2)} on ${availableParallelism()} cores${load! > availableParallelism() ? ' (busy: expect a higher, noisier LCP)' : ''}`);
await buildWeb();
const stack = await startStack();
const browser = await launchBrowser();
const ADDRESSES = ['/', '/de/', '/en/'];
const results = new Map<string, number[]>(ADDRESSES.map((address) => [address, []]));
try {
  // In turns (/, /de/, /en/, then again), not one address's runs after the other's: whatever the stack or
  // the machine does some seconds after the start (a job's first minute, a warming cache) then falls on
  // all three alike instead of on the later addresses only.
  for (let run = 1; run <= RUNS; run++) {
    for (const address of ADDRESSES) {
      // An Italian browser: the address alone says the page's language.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, locale: 'it-IT' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${stack.webUrl}${address}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      // Read from the browser's own buffer once the page is in, not by a script added to the page: that script
      // would run before the page's first paint (a JavaScript context made for it, even on a page without a
      // script of its own), which a visitor's browser does not do. On a busy machine the page may still be
      // rendering when the network is idle: the observer then answers at the first candidate.
      const { lcp, element } = await page.evaluate(
        () =>
          new Promise<{ lcp: number; element: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
              resolve({ lcp: last.startTime, element: last.element ? `${last.element.tagName.toLowerCase()}#${last.element.id}` : '' });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      results.get(address)!.push(lcp);
      console.log(`${address} run ${run}: LCP ${Math.round(lcp)} ms (element: ${element})`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
const medians = ADDRESSES.map((address) => {
  const sorted = [...results.get(address)!].sort((a, b) => a - b);
  return `${address}: ${Math.round(sorted[Math.floor(RUNS / 2)]!)} ms`;
});
console.log(`median LCP of ${RUNS} runs: ${medians.join(', ')} (4x CPU slowdown, 1.6 Mbps, 150 ms RTT, phone viewport)`);
