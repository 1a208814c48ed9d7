// Largest contentful paint of the public pages on a phone over slow 4G, in Chromium with the DevTools
// protocol's emulation (Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4× slower),
// cold cache (a fresh browser context per visit), through the real server and the built web app.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions, hasChromium, chromiumPath } from '../tests/e2e/chromium.js';
import { type Bench, startBenchServer } from './bench.js';
import { webRoot } from './bundle.bench.js';
import { report } from './figures.js';

const PAGES = ['/', '/login', '/pricing', '/delete-account'];
/** Visits per page; the median counts. BENCH_PAINT_RUNS overrides. */
const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** A phone's screen, as Lighthouse's mobile profile (Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

interface Paint {
  lcp: number;
  element: string;
}

async function visit(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    // The last candidate the browser reported by now is the page's LCP (no input has stopped the reporting).
    return await page.evaluate(
      () =>
        new Promise<Paint>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const element = last?.element;
            const text = element?.textContent?.trim().slice(0, 40) ?? '';
            if (!element?.isConnected) {
              resolve({
                lcp: last?.startTime ?? Number.NaN,
                element: '(prerendered, since replaced by the app)',
              });
              return;
            }
            resolve({
              lcp: last?.startTime ?? Number.NaN,
              element: `<${element?.tagName.toLowerCase()}> ${text}`,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run() {
  if (!hasChromium) throw new Error(`No Chromium at ${chromiumPath}: the paint figure needs one.`);
  if (!existsSync(`${webRoot}index.html`))
    throw new Error('No build at dist/web: run `npm run build` first.');
  const server = await startBenchServer(
    { email: 'paint@example.com', password: 'bench kettle rainfall' },
    webRoot,
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(
      `  phone ${PHONE.viewport.width}×${PHONE.viewport.height}, ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}× slower, cold cache; median of ${RUNS} visits`,
    );
    let slowest = 0;
    for (const path of PAGES) {
      const paints: Paint[] = [];
      for (let n = 0; n < RUNS; n++) paints.push(await visit(browser, `${server.url}${path}`));
      const lcp = median(paints.map((paint) => paint.lcp)) / 1000;
      slowest = Math.max(slowest, lcp);
      console.log(
        `  ${path.padEnd(16)} LCP ${lcp.toFixed(2)} s   (${paints.map((p) => (p.lcp / 1000).toFixed(2)).join(', ')})   ${paints.at(-1)?.element}`,
      );
    }
    report('paint', slowest);
  } finally {
    await browser.close();
    await server.close();
  }
}

export const paintBench: Bench = { name: 'paint', run };
