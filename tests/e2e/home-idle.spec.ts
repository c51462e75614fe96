import { expect, test } from '@playwright/test';

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
