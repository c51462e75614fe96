// The office's daily screens under Lighthouse's mobile conditions (issue 46): a 412 px phone, CPU
// slowed 4×, 150 ms round trips, 1.6 Mbit/s down, signed in as an office member (the bench's,
// scripts/bench-staff.ts). Each interaction's INP is the longest Event Timing duration of its
// events (input delay, handlers and the next paint), the figure the budget holds to 200 ms:
//   - departureInpMs: choosing a departure on /staff/sell;
//   - saleInpMs: confirming the sale (one adult, cash, to "López"); saleDoneMs, from the tap to the
//     sale's answer on screen (the server's part included);
//   - searchInpMs: typing "lopez" in /staff/bookings, a key at a time (the search as you type; its
//     results follow a 250 ms pause and the server's answer, outside INP).
// It sells on `sellDate` (YYYY-MM-DD; today by default). Used by `npm run bench`; runnable alone:
//   node scripts/bench-office-flow.mjs http://localhost:3000 email password [date]
import { chromium } from '@playwright/test';

import { chromiumPath as defaultChromium } from './chromium.mjs';

const LIGHTHOUSE_MOBILE = { rttMs: 150, downloadKbps: 1638.4, uploadKbps: 675, cpuSlowdown: 4 };

/** Runs the flow `runs` times (fresh page each) and reports the median of each figure. */
export async function measureOfficeFlow({ base, email, password, sellDate, chromiumPath = defaultChromium, runs = 3 }) {
  const login = await fetch(new URL('/api/users/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = login.ok ? (await login.json()).token : null;
  if (!token) throw new Error(`office flow: sign-in failed (${login.status})`);
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, base, token, i, sellDate));
  } finally {
    await browser.close();
  }
  const median = (key) => {
    const values = samples.map((s) => s[key]).sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length / 2)]);
  };
  return Object.fromEntries(Object.keys(samples[0]).map((key) => [key, median(key)]));
}

async function throttled(context, page, url) {
  const cdp = await context.newCDPSession(page);
  // The page alive first: the flow measures the answers to taps; Lighthouse measures the load.
  await page.goto(url, { waitUntil: 'networkidle' });
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
      for (const entry of list.getEntries()) {
        if (entry.interactionId) window.__inp.push({ name: entry.name, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  return cdp;
}

/** The longest interaction since the last call (Event Timing rounds to 8 ms; 16 ms and up are kept). */
async function inpSinceLast(page) {
  return page.evaluate(() => {
    const worst = Math.max(0, ...window.__inp.map((e) => e.duration));
    window.__inp = [];
    return worst;
  });
}

/** From the next click (or key) in the page to the first frame where `selector` is on screen. */
async function armTimer(page, selector, event = 'click') {
  await page.evaluate(
    ([sel, type]) => {
      window.__step = { start: 0, end: 0 };
      document.addEventListener(type, () => (window.__step.start ||= performance.now()), { capture: true });
      const check = () => {
        if (window.__step.start && document.querySelector(sel)) window.__step.end = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    },
    [selector, event],
  );
}

async function timerResult(page) {
  await page.waitForFunction(() => window.__step.end > 0, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__step.end - window.__step.start);
}

async function oneRun(browser, base, token, run, sellDate) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'ca-ES',
  });
  await context.addCookies([{ name: 'payload-token', value: token, url: base }]);
  try {
    // The sale: choose a departure, one adult, a name, cash (the default), confirm.
    const sell = await context.newPage();
    await throttled(context, sell, new URL(`/staff/sell${sellDate ? `?date=${sellDate}` : ''}`, base).toString());
    const departure = sell.locator('input[name="departure"]:not([disabled])').first();
    await departure.waitFor({ state: 'attached', timeout: 30_000 });
    await inpSinceLast(sell);
    await departure.check({ force: true });
    await sell.waitForTimeout(500);
    const departureInp = await inpSinceLast(sell);
    await sell.locator('input[name="adult"]').fill('1');
    await sell.locator('input[name="name"]').fill(`Bench ${run}`);
    await sell.locator('input[name="surnames"]').fill('López');
    await sell.waitForTimeout(300);
    await inpSinceLast(sell);
    await armTimer(sell, '[data-testid="sale-done"], [data-testid="sale-error"]');
    await sell.locator('form[data-testid="sell-form"] button[type="submit"]').click();
    const saleDone = await timerResult(sell);
    const saleInp = await inpSinceLast(sell);
    if (await sell.locator('[data-testid="sale-error"]').count()) {
      throw new Error(
        `office flow: the sale failed: ${await sell.locator('[data-testid="sale-error"]').textContent()}`,
      );
    }
    // Search as you type (the sale above is one to find): a key every 120 ms, as a person types.
    const bookings = await context.newPage();
    await throttled(context, bookings, new URL('/staff/bookings', base).toString());
    const field = bookings.locator('input[name="q"]');
    await field.click();
    await inpSinceLast(bookings);
    await field.pressSequentially('lopez', { delay: 120 });
    await bookings.waitForURL(/q=lopez/);
    await bookings.waitForTimeout(500);
    const searchInp = await inpSinceLast(bookings);
    await bookings.close();

    return {
      searchInpMs: searchInp,
      departureInpMs: departureInp,
      saleInpMs: saleInp,
      saleDoneMs: saleDone,
    };
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://localhost:3000', email, password, sellDate] = process.argv.slice(2);
  console.log(await measureOfficeFlow({ base, email, password, sellDate }));
}
