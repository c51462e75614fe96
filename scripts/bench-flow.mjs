// The booking flow's speed where it matters (issue 15), under Lighthouse's mobile conditions:
// a 412 px phone, CPU slowed 4×, 150 ms round trips and 1.6 Mbit/s down. Measured in Chromium
// through the DevTools protocol, on the running production server at `base`:
//   - bookToReviewMs: what the site makes the visitor wait between tapping "Book" and seeing the
//     review step: the sum of each tap's time to its result on screen (open the form, pick a day,
//     Continue), timed in the page from the click event to the first frame that shows it;
//   - the steps' own times (openForm, pickDay, review), and fillMs, the harness typing the
//     details (not counted: it is the visitor's time, here near zero);
//   - monthChangeMs: from tapping "Next month" to the next month's days on screen (includes the
//     availability request), and monthChangeInpMs: that tap's Event Timing duration (its INP).
// Used by `npm run bench`; runnable alone: node scripts/bench-flow.mjs http://localhost:3000
import { chromium } from '@playwright/test';

import { chromiumPath as defaultChromium } from './chromium.mjs';

const LIGHTHOUSE_MOBILE = { rttMs: 150, downloadKbps: 1638.4, uploadKbps: 675, cpuSlowdown: 4 };

/** Runs the flow `runs` times (fresh page each) and reports the median of each figure. */
export async function measureBookingFlow({
  base,
  tourPath = '/en/tour/puerto-y-litoral-60-min',
  chromiumPath = defaultChromium,
  runs = 3,
} = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, base, tourPath, i));
  } finally {
    await browser.close();
  }
  const median = (key) => {
    const values = samples.map((s) => s[key]).sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length / 2)]);
  };
  return Object.fromEntries(Object.keys(samples[0]).map((key) => [key, median(key)]));
}

async function oneRun(browser, base, tourPath, run) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The page alive (its scripts start after the first paint and hydrate after `load`: decision
  // 115): the flow measures the site's answers to taps, not the page's first load, which
  // Lighthouse measures. A tap before that is held and answered on hydration.
  await page.goto(new URL(tourPath, base).toString(), { waitUntil: 'networkidle' });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LIGHTHOUSE_MOBILE.rttMs,
    downloadThroughput: (LIGHTHOUSE_MOBILE.downloadKbps * 1024) / 8,
    uploadThroughput: (LIGHTHOUSE_MOBILE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LIGHTHOUSE_MOBILE.cpuSlowdown });
  await page.evaluate(() => {
    window.__inp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__inp.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });

  // Timed inside the page, from the tap's own click event to the first frame that shows the
  // result: what the site makes the visitor wait, without the harness's own round trips.
  const timed = async (locator, ready) => {
    await page.evaluate(([selector, text]) => {
      window.__step = { start: 0, end: 0 };
      document.addEventListener('click', () => (window.__step.start = performance.now()), {
        capture: true,
        once: true,
      });
      const shown = () =>
        [...document.querySelectorAll(selector)].some((el) => !text || el.textContent?.includes(text));
      const check = () => {
        if (window.__step.start && shown()) window.__step.end = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, ready);
    await locator.click();
    await page.waitForFunction(() => window.__step.end > 0, undefined, { timeout: 60_000 });
    return page.evaluate(() => window.__step.end - window.__step.start);
  };
  // The consent banner is answered first, as a returning visitor has: it is not the flow under test.
  const rejectAll = page.getByRole('button', { name: 'Reject all' });
  if (await rejectAll.isVisible().catch(() => false)) await rejectAll.click();

  const openForm = await timed(page.getByRole('button', { name: 'Book your tickets' }), [
    'button[aria-pressed]:not([disabled])',
  ]);
  const pickDay = await timed(page.locator('button[aria-pressed]:not([disabled])').first(), [
    'input[name=departure]:not([disabled])',
  ]);
  const fillStart = Date.now();
  await page.locator('input[name=departure]:not([disabled])').first().check();
  await page.getByLabel('Adults', { exact: true }).fill('2');
  await page.getByLabel('Name', { exact: true }).fill('Bench');
  await page.getByLabel('Surnames', { exact: true }).fill(`Run ${run}`);
  await page.getByLabel('Email', { exact: true }).fill(`bench.${Date.now()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+34 600 111 222');
  await page.getByLabel('Mobile phone for the day of departure', { exact: true }).fill('+34 600 111 333');
  const fill = Date.now() - fillStart;
  const review = await timed(page.getByRole('button', { name: 'Continue' }), ['h2, h3', 'Check your booking']);

  // Back to the form (the hold is given back), then the calendar's next month.
  await page.getByRole('button', { name: 'Change the booking' }).click();
  const nextMonth = page.getByRole('button', { name: 'Next month' });
  await nextMonth.waitFor();
  const label = await page.locator('[role="group"][aria-busy]').first().getAttribute('aria-label');
  await page.evaluate(() => (window.__inp = []));
  // The next month's days on screen: the calendar named after another month, and no longer busy.
  const monthChange = await timed(nextMonth, [
    `[role="group"][aria-busy="false"]:not([aria-label=${JSON.stringify(label)}])`,
  ]);
  const inp = await page.evaluate(() =>
    Math.max(
      0,
      ...window.__inp.filter((e) => ['pointerup', 'click', 'pointerdown'].includes(e.name)).map((e) => e.duration),
    ),
  );
  await context.close();
  return {
    bookToReviewMs: openForm + pickDay + review,
    openFormMs: openForm,
    pickDayMs: pickDay,
    fillMs: fill,
    reviewMs: review,
    monthChangeMs: monthChange,
    monthChangeInpMs: inp,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:3000';
  console.log(await measureBookingFlow({ base }));
}
