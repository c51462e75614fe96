import { describe, expect, it } from 'vitest';

import { inlineScriptHashes } from '../security/inline-hashes.mjs';
import {
  deferChunkScripts,
  DEFERRED_SCRIPTS_ID,
  REPLAY_EARLY_CLICKS,
  START_AT_LATEST_MS,
  START_SCRIPTS,
} from './deferred-scripts.mjs';

// The shape of a page as Next 16 renders it (trimmed): chunks in the head, one more after the
// Turbopack registration, the noModule polyfills, JSON-LD and the RSC payload inline.
const PAGE = [
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/_next/static/media/fraunces.woff2" as="font" crossorigin="" type="font/woff2"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>',
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-two.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script type="application/ld+json">{"@type":"TouristTrip"}</script></head>',
  '<body><main><img src="/hero.svg" fetchpriority="high"/><h1>Golondrinas</h1></main>',
  '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>',
  '<script src="/_next/static/chunks/late.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"\\u003cscript src=\\"/_next/static/chunks/x.js\\" async=\\"\\"\\u003e"])</script>',
  '</body></html>',
].join('');

describe('deferChunkScripts', () => {
  const html = deferChunkScripts(PAGE);

  it("takes the chunks' tags and preloads out, and lists them in their order for after the first paint", () => {
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(one|turbopack-two|late)\.js"/);
    expect(html).not.toContain('rel="preload" as="script"');
    const list = new RegExp(`<script id="${DEFERRED_SCRIPTS_ID}" type="application/json">([^<]*)</script>`).exec(html);
    expect(JSON.parse(list![1]!)).toEqual([
      '/_next/static/chunks/one.js',
      '/_next/static/chunks/turbopack-two.js',
      '/_next/static/chunks/late.js',
    ]);
    expect(html).toContain(`<script>${START_SCRIPTS}</script></body></html>`);
  });

  it('leaves everything else as it was: styles, fonts, polyfills, data, payload, content', () => {
    for (const kept of [
      '<link rel="preload" href="/_next/static/media/fraunces.woff2"',
      '<link rel="stylesheet" href="/_next/static/chunks/a.css"',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script type="application/ld+json">',
      '<script id="_R_">',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      // A script tag inside the payload's text is text.
      '\\u003cscript src=\\"/_next/static/chunks/x.js\\" async=\\"\\"\\u003e',
      '<h1>Golondrinas</h1>',
    ])
      expect(html).toContain(kept);
  });

  it('gives the start script the same hash on every page, and is done once', () => {
    const other = deferChunkScripts(PAGE.replace(/one\.js/g, 'other.js'));
    const startHash = (page: string) => inlineScriptHashes(page).filter((h) => !inlineScriptHashes(PAGE).includes(h));
    expect(startHash(html)).toEqual(startHash(other));
    expect(deferChunkScripts(html)).toBe(html);
  });

  it("leaves Next's error shell alone: an empty body its scripts fill in has nothing to paint first", () => {
    const shell = PAGE.replace('<html lang="es">', '<html id="__next_error__">').replace(
      '<main><img src="/hero.svg" fetchpriority="high"/><h1>Golondrinas</h1></main>',
      '',
    );
    expect(deferChunkScripts(shell)).toBe(shell);
  });

  it('leaves a page without chunks, or a fragment without a body, alone', () => {
    const plain = '<html><body><p>Hola</p></body></html>';
    expect(deferChunkScripts(plain)).toBe(plain);
    expect(deferChunkScripts('')).toBe('');
  });
});

/**
 * Runs the start script against a minimal document, with the clock, frames and the browser's
 * first contentful paint in the test's hands.
 */
function runStart({
  hero,
  paintTiming = true,
  decode = false,
}: {
  hero: 'none' | 'loading' | 'loaded';
  paintTiming?: boolean;
  /** A browser with HTMLImageElement.decode(): the hero is on screen once it resolves. */
  decode?: boolean;
}) {
  const appended: { src: string; async: boolean }[] = [];
  const scripts: { src: string; async: boolean; onerror?: () => void }[] = [];
  const timers: { at: number; fn: () => void }[] = [];
  const frames: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const observers: { callback: () => void; connected: boolean }[] = [];
  const clickListeners: { listener: (event: unknown) => void; capture: unknown }[] = [];
  let now = 0;
  let contentfulPaint = false;
  let decoded: (ok: boolean) => void = () => {};
  const heroImage =
    hero === 'none'
      ? null
      : {
          complete: hero === 'loaded',
          addEventListener: (t: string, f: () => void) => (listeners[t] = f),
          ...(decode
            ? {
                decode: () =>
                  new Promise<void>((resolve, reject) => {
                    decoded = (ok) => (ok ? resolve() : reject(new Error('not decodable')));
                  }),
              }
            : {}),
        };
  const document = {
    cookie: '',
    getElementById: (id: string) =>
      id === DEFERRED_SCRIPTS_ID ? { textContent: '["/_next/static/chunks/a.js","/_next/static/chunks/b.js"]' } : null,
    querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' ? heroImage : null),
    createElement: () => ({ src: '', async: false }),
    head: {
      appendChild: (el: { src: string; async: boolean; onerror?: () => void }) => {
        scripts.push(el);
        appended.push({ src: el.src, async: el.async });
      },
    },
    addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) => {
      if (type === 'click') clickListeners.push({ listener, capture });
    },
  };

  const performance = {
    getEntriesByName: (name: string) => (name === 'first-contentful-paint' && contentfulPaint ? [{}] : []),
  };
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    entry: { callback: () => void; connected: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const window: Record<string, unknown> = { PerformanceObserver: FakeObserver };
  new Function(
    'document',
    'window',
    'performance',
    'PerformanceObserver',
    'requestAnimationFrame',
    'setTimeout',
    START_SCRIPTS,
  )(
    document,
    window,
    performance,
    FakeObserver,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
  );
  return {
    appended,
    /** The hero image's decode() settles: decoded (on screen next frame), or not decodable. */
    decoded: async (ok: boolean) => {
      decoded(ok);
      await Promise.resolve();
      await Promise.resolve();
    },
    cookies: () => document.cookie,
    /** A script the page added could not be loaded (offline, a deploy removed it). */
    scriptFails: (index: number) => scripts[index]!.onerror!(),
    listeners,
    observers,
    clickListeners,
    /** The page's client code saying it has hydrated. */
    hydrated: () => (window[REPLAY_EARLY_CLICKS] as () => void)(),
    /** A tap, as the capture listener sees it: whether it held it (prevented the default). */
    tap(target: { closest: (selector: string) => unknown }) {
      let prevented = false;
      for (const { listener } of clickListeners) listener({ target, preventDefault: () => (prevented = true) });
      return prevented;
    },
    /** The browser reports a paint: first a blank one, then the first contentful one. */
    reportPaint(contentful: boolean) {
      contentfulPaint ||= contentful;
      for (const observer of observers.filter((o) => o.connected)) observer.callback();
    },
    /** One frame drawn. */
    paint() {
      for (const frame of frames.splice(0)) frame();
    },
    /** The clock moves on a millisecond at a time; each timer runs when due, even one set by another. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.find((t) => t.at <= now);
        if (due) {
          timers.splice(timers.indexOf(due), 1);
          due.fn();
        } else if (now < until) now += 1;
        else break;
      }
    },
    /** Only the next timer due runs: one task of the page's. */
    runOneTimer() {
      const due = timers.find((t) => t.at <= now);
      if (due) {
        timers.splice(timers.indexOf(due), 1);
        due.fn();
      }
    },
  };
}

const both = [
  { src: '/_next/static/chunks/a.js', async: true },
  { src: '/_next/static/chunks/b.js', async: true },
];

describe('the start script', () => {
  it('adds the scripts, in order and async, two frames after the first contentful paint', () => {
    const page = runStart({ hero: 'none' });
    // Blank frames while the text waits for its font: not yet.
    page.paint();
    page.reportPaint(false);
    page.paint();
    page.paint();
    page.advance(0);
    expect(page.appended).toEqual([]);
    page.reportPaint(true);
    expect(page.observers.every((o) => !o.connected)).toBe(true);
    page.paint();
    page.advance(0);
    expect(page.appended).toEqual([]);
    page.paint();
    page.advance(1);
    expect(page.appended).toEqual(both);
    page.advance(START_AT_LATEST_MS);
    expect(page.appended).toHaveLength(2);
  });

  it('adds each script in a task of its own, a millisecond apart, so that none of its tasks is long', () => {
    const page = runStart({ hero: 'none' });
    page.reportPaint(true);
    page.paint();
    page.paint();
    // The start itself adds nothing.
    page.runOneTimer();
    expect(page.appended).toEqual([]);
    page.runOneTimer();
    expect(page.appended).toEqual(both.slice(0, 1));
    page.runOneTimer();
    expect(page.appended).toEqual(both.slice(0, 1));
    page.advance(1);
    expect(page.appended).toEqual(both);
    page.advance(START_AT_LATEST_MS);
    expect(page.appended).toEqual(both);
  });

  it('waits for the hero image still loading, and starts the same if it fails', () => {
    for (const outcome of ['load', 'error']) {
      const page = runStart({ hero: 'loading' });
      page.reportPaint(true);
      page.paint();
      page.paint();
      page.advance(100);
      expect(page.appended).toEqual([]);
      page.listeners[outcome]!();
      page.paint();
      page.paint();
      page.advance(1);
      expect(page.appended).toEqual(both);
    }
  });

  it("waits until the hero is decoded, not just loaded: a large image's load comes frames before it is drawn", async () => {
    for (const ok of [true, false]) {
      const page = runStart({ hero: 'loaded', decode: true });
      page.reportPaint(true);
      page.paint();
      page.paint();
      page.advance(100);
      // Loaded (complete) but still being decoded: its paint, the page's largest, is yet to come.
      expect(page.appended).toEqual([]);
      await page.decoded(ok);
      page.paint();
      page.paint();
      page.advance(1);
      expect(page.appended).toEqual(both);
    }
  });

  it('goes by frames alone where the browser reports no paint timing', () => {
    const page = runStart({ hero: 'loaded', paintTiming: false });
    expect(page.observers).toEqual([]);
    page.paint();
    page.paint();
    page.advance(1);
    expect(page.appended).toEqual(both);
  });

  it('starts them after 2.5 s when the page never paints (a background tab) or the image never comes', () => {
    const page = runStart({ hero: 'loading' });
    page.advance(START_AT_LATEST_MS - 1);
    expect(page.appended).toEqual([]);
    // The start at 2.5 s, then its second script a millisecond later.
    page.advance(2);
    expect(page.appended).toEqual(both);
    page.listeners.load!();
    page.reportPaint(true);
    page.paint();
    page.paint();
    page.advance(0);
    expect(page.appended).toHaveLength(2);
  });
});

/**
 * A button as `closest` finds it from a tap on it or inside it; `form` is the action attribute
 * of the form it submits (`''` for a React server action's form, as React renders it).
 */
function button(
  name: string,
  { inCookieBar = false, connected = true, form }: { inCookieBar?: boolean; connected?: boolean; form?: string } = {},
) {
  const clicks: string[] = [];
  const el = {
    isConnected: connected,
    type: form === undefined ? 'button' : 'submit',
    form: form === undefined ? null : { getAttribute: (attr: string) => (attr === 'action' ? form : null) },
    getAttribute: () => null,
    click: () => clicks.push(name),
    closest: (selector: string) => (selector === '[data-arriving]' ? (inCookieBar ? {} : null) : null),
  };
  const target = { closest: (selector: string) => (selector === 'button' ? el : null) };
  return { el, target, clicks };
}

describe('taps before the page has hydrated', () => {
  it('are held, and replayed in order once the page says it is alive', () => {
    const page = runStart({ hero: 'none' });
    expect(page.clickListeners).toHaveLength(1);
    expect(page.clickListeners[0]!.capture).toBe(true);
    const book = button('book');
    const menu = button('menu');
    expect(page.tap(book.target)).toBe(true);
    // A double tap is one tap.
    expect(page.tap(book.target)).toBe(true);
    expect(page.tap(menu.target)).toBe(true);
    expect([...book.clicks, ...menu.clicks]).toEqual([]);
    page.hydrated();
    expect(book.clicks).toEqual(['book']);
    expect(menu.clicks).toEqual(['menu']);
    // Alive: taps go straight to the page, and a second call replays nothing.
    expect(page.tap(book.target)).toBe(false);
    page.hydrated();
    expect(book.clicks).toEqual(['book']);
  });

  it('leave links, the cookie bar and buttons the page has since removed alone', () => {
    const page = runStart({ hero: 'none' });
    expect(page.tap({ closest: () => null })).toBe(false);
    expect(page.tap(button('accept', { inCookieBar: true }).target)).toBe(false);
    const gone = button('gone', { connected: false });
    expect(page.tap(gone.target)).toBe(true);
    page.hydrated();
    expect(gone.clicks).toEqual([]);
  });

  it("let a plain HTML form's submit go at once: it needs no script", () => {
    const page = runStart({ hero: 'none' });
    expect(page.tap(button('pay', { form: '/api/payments/sandbox' }).target)).toBe(false);
    // A server action's form is React's until it hydrates: held like any button.
    expect(page.tap(button('send', { form: '' }).target)).toBe(true);
  });

  it('are replayed as they are, and no more held, when a script cannot be loaded', () => {
    const page = runStart({ hero: 'none' });
    page.advance(START_AT_LATEST_MS + 1);
    const send = button('send', { form: '' });
    expect(page.tap(send.target)).toBe(true);
    page.scriptFails(1);
    // Replayed while no longer held: the browser sends the form the way it does without JavaScript.
    expect(send.clicks).toEqual(['send']);
    expect(page.tap(send.target)).toBe(false);
  });

  it("remember a link's choice in the cookie it names, until the page does it itself", () => {
    const page = runStart({ hero: 'none' });
    const link = (cookie: string) => ({
      closest: (selector: string) =>
        selector === 'a[data-set-cookie]'
          ? { getAttribute: (name: string) => (name === 'data-set-cookie' ? cookie : null) }
          : null,
    });
    const english = 'NEXT_LOCALE=en; Max-Age=31536000; Path=/; SameSite=Lax';
    // The link is followed: only buttons are held.
    expect(page.tap(link(english))).toBe(false);
    expect(page.cookies()).toBe(english);
    // Hydrated, the switcher's own handler sets it.
    page.hydrated();
    page.tap(link('NEXT_LOCALE=fr; Max-Age=31536000; Path=/; SameSite=Lax'));
    expect(page.cookies()).toBe(english);
  });
});
