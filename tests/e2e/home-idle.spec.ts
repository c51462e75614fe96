import { expect, test, type Page } from '@playwright/test';

/**
 * A page left open in a background tab costs the phone nothing: once the home page is hidden, no
 * timer, animation frame or observer of ours keeps running (the departures board refreshes only
 * while it can be seen, and catches up when the visitor comes back).
 *
 * The page's timers, frames and observers are counted by an init script that wraps them before any
 * of the page's code runs; the page is hidden the way the browser tells a page so
 * (`visibilityState` and a `visibilitychange` event).
 */
const COUNT_BACKGROUND_WORK = () => {
  const state = { hidden: false, fired: [] as string[], liveIntervals: new Map<number, string>() };
  (window as unknown as { __backgroundWork: typeof state }).__backgroundWork = state;
  const note = (what: string) => {
    if (state.hidden) state.fired.push(what);
  };
  const where = () => (new Error().stack ?? '').split('\n').slice(3, 5).join(' ').trim();

  const { setInterval: nativeSetInterval, clearInterval: nativeClearInterval } = window;
  window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const origin = where();
    const id = nativeSetInterval(
      (...callArgs: unknown[]) => {
        note(`setInterval(${delay}) ${origin}`);
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
    state.liveIntervals.set(id, `setInterval(${delay}) ${origin}`);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) state.liveIntervals.delete(id);
    nativeClearInterval(id);
  }) as typeof window.clearInterval;

  const nativeSetTimeout = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const origin = where();
    return nativeSetTimeout(
      (...callArgs: unknown[]) => {
        note(`setTimeout(${delay ?? 0}) ${origin}`);
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
  }) as typeof window.setTimeout;

  const nativeFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const origin = where();
    return nativeFrame((time) => {
      note(`requestAnimationFrame ${origin}`);
      callback(time);
    });
  };

  for (const name of ['IntersectionObserver', 'ResizeObserver', 'MutationObserver'] as const) {
    const Native = window[name] as unknown as new (callback: (...a: unknown[]) => void, options?: unknown) => object;
    const Wrapped = function (this: unknown, callback: (...a: unknown[]) => void, options?: unknown) {
      const origin = where();
      return new Native((...args: unknown[]) => {
        note(`${name} ${origin}`);
        callback(...args);
      }, options);
    } as unknown as typeof Native;
    Wrapped.prototype = Native.prototype;
    (window as unknown as Record<string, unknown>)[name] = Wrapped;
  }
};

for (const path of ['/', '/en']) {
  test(`the home page ${path} does no work of its own while hidden in the background`, async ({ page }) => {
    await page.addInitScript(COUNT_BACKGROUND_WORK);
    let boardRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/shop/today') boardRequests++;
    });
    await page.goto(path, { waitUntil: 'load' });
    // Hydrated: the board has asked for its seats once.
    await expect.poll(() => boardRequests, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-arriving]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
      (window as unknown as { __backgroundWork: { hidden: boolean } }).__backgroundWork.hidden = true;
    });
    // What a hidden page would still do: CSS or Web animations running, intervals still set,
    // callbacks firing. Two seconds covers any frame loop, observer or short timer.
    await page.waitForTimeout(2_000);
    const background = await page.evaluate(() => {
      const state = (window as unknown as { __backgroundWork: { fired: string[]; liveIntervals: Map<number, string> } })
        .__backgroundWork;
      return {
        fired: [...new Set(state.fired)],
        liveIntervals: [...state.liveIntervals.values()],
        runningAnimations: document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => `${animation.constructor.name} ${(animation as CSSAnimation).animationName ?? ''}`),
      };
    });
    expect(background).toEqual({ fired: [], liveIntervals: [], runningAnimations: [] });

    // Back in view, the board catches up at once rather than waiting for its next round.
    const before = boardRequests;
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => boardRequests, { timeout: 10_000 }).toBeGreaterThan(before);
  });
}

/**
 * The first Intl object a page makes loads the browser's ICU data: ~20 ms of main thread on this
 * machine, inside hydration, and far more on a mid-range phone (issue 31's trace: the departures
 * board's clock was a third of the home page's longest task). The home page's scripts come alive
 * without one: the board's times and plurals come from the server or from icu-lite's own rules.
 */
const COUNT_INTL = () => {
  const made: string[] = [];
  (window as unknown as { __intlMade: string[] }).__intlMade = made;
  const where = () => (new Error().stack ?? '').split('\n').slice(2, 4).join(' ').trim();
  for (const name of [
    'DateTimeFormat',
    'NumberFormat',
    'PluralRules',
    'Collator',
    'RelativeTimeFormat',
    'ListFormat',
    'DisplayNames',
    'Segmenter',
  ] as const) {
    const Native = Intl[name] as unknown as new (...args: unknown[]) => object;
    const Counted = function (this: unknown, ...args: unknown[]) {
      made.push(`Intl.${name} ${where()}`);
      return new Native(...args);
    } as unknown as typeof Native;
    Counted.prototype = Native.prototype;
    (Intl as unknown as Record<string, unknown>)[name] = Counted;
  }
  const count = <T extends object>(owner: T, method: keyof T & string, label: string) => {
    const native = owner[method] as unknown as (...args: unknown[]) => unknown;
    (owner as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      made.push(`${label} ${where()}`);
      return native.apply(this, args);
    };
  };
  count(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
  count(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
  count(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
  count(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  count(String.prototype, 'localeCompare', 'String#localeCompare');
};

/**
 * Opens the home page and waits until it is alive: the board has asked for its seats and drawn
 * the answer, the cookie bar is React's (no longer the server's), and the network is quiet.
 */
async function openUntilAlive(page: Page, path: string) {
  let boardAnswered = false;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/shop/today') boardAnswered = true;
  });
  await page.goto(path, { waitUntil: 'load' });
  await expect.poll(() => boardAnswered, { timeout: 20_000 }).toBe(true);
  await expect(page.locator('[data-arriving]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const path of ['/', '/en']) {
  test(`the home page ${path} comes alive without making an Intl object`, async ({ page }) => {
    await page.addInitScript(COUNT_INTL);
    await openUntilAlive(page, path);
    await expect(page.locator('section.todays-departures')).not.toContainText('{time}');
    expect(await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade)).toEqual([]);
  });
}

/**
 * A script that reads the page's geometry right after React has changed it makes the browser lay
 * out the whole page there and then, inside the task that brings the page alive (issue 31's
 * trace: the cookie bar measured itself as it appeared, and set the height on the root, which
 * restyled every element). The home page comes alive without asking for a layout: what must be
 * measured is measured by a ResizeObserver, after the browser's own layout.
 */
const COUNT_LAYOUT_READS = () => {
  const reads: string[] = [];
  (window as unknown as { __layoutReads: string[] }).__layoutReads = reads;
  const where = () => (new Error().stack ?? '').split('\n').slice(2, 4).join(' ').trim();
  const wrapMethod = (owner: object, name: string) => {
    const native = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    (owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      reads.push(`${name} ${where()}`);
      return native.apply(this, args);
    };
  };
  wrapMethod(Element.prototype, 'getBoundingClientRect');
  wrapMethod(Element.prototype, 'getClientRects');
  const wrapGetter = (owner: object, name: string) => {
    const descriptor = Object.getOwnPropertyDescriptor(owner, name);
    if (!descriptor?.get) return;
    const native = descriptor.get;
    Object.defineProperty(owner, name, {
      ...descriptor,
      get(this: unknown) {
        reads.push(`${name} ${where()}`);
        return native.call(this);
      },
    });
  };
  for (const name of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft'])
    wrapGetter(HTMLElement.prototype, name);
  for (const name of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight'])
    wrapGetter(Element.prototype, name);
};

for (const path of ['/', '/en']) {
  test(`the home page ${path} comes alive without making the browser lay it out from a script`, async ({ page }) => {
    await page.addInitScript(COUNT_LAYOUT_READS);
    await openUntilAlive(page, path);
    // A first visit: the cookie bar is there, alive, and the page keeps its height free below.
    const bar = page.getByTestId('consent-bar');
    await expect(bar).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __layoutReads: string[] }).__layoutReads)).toEqual([]);
    const height = (await bar.boundingBox())!.height;
    await expect
      .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom)))
      .toBeGreaterThanOrEqual(height - 1);
  });
}
