/**
 * The boarding page as an installable app that opens with no network after a cold start
 * (docs/decisions/138-boarding-offline-app.md): its web manifest, its icons and its service
 * worker, all served under /admin so the back office's session, headers and CSP apply.
 *
 * The worker controls /admin/boarding only (its scope), so the rest of the site and the back
 * office never pass through it. It keeps two things: the page's HTML (the last one the server
 * sent this phone, with the CSP header and nonce it came with) and the build's files the page
 * loaded (/_next/static: scripts, styles, fonts, content-hashed so a name never changes
 * meaning). Nothing else: the manifests of the day's departures and the offline queue stay in the
 * page's own storage (boarding-storage.client.ts); the API's answers are never cached.
 */
export const BOARDING_PATH = '/admin/boarding';
export const SERVICE_WORKER_PATH = '/admin/boarding-sw.js';
export const WEB_MANIFEST_PATH = '/admin/boarding.webmanifest';
export const ICON_SIZES = [192, 512] as const;
export const iconPath = (size: number) => `/admin/boarding-icon/${size}`;

/** Cache names; a new version of the worker's rules changes them and drops the old caches. */
export const CACHE_VERSION = 1;
export const PAGE_CACHE = `boarding-page-v${CACHE_VERSION}`;
export const FILES_CACHE = `boarding-files-v${CACHE_VERSION}`;

/** How long a phone waits for the page on a weak quay signal before opening the one it keeps. */
export const NETWORK_WAIT_MS = 4000;

/** The messages the page sends its worker. */
export type WorkerMessage =
  /**
   * The build's files this page loaded, once everything it may need offline has loaded (the QR
   * decoder included): keep them, and drop the others (an older build's).
   */
  | { type: 'keep'; files: string[] }
  /** Signed out: forget the page and the files. */
  | { type: 'forget' };

/** The page's own files worth keeping for a cold start offline: the build's, on this origin. */
export function buildFiles(urls: readonly string[], origin: string): string[] {
  const files = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.startsWith('/_next/static/')) files.add(url.pathname + url.search);
  }
  return [...files].sort();
}

/**
 * The site's icon (src/app/icon.svg, a unit test holds them together), drawn as the app's PNG
 * icons: installing needs square PNGs of 192 and 512 pixels.
 */
export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#073b4f"/><path d="M10 38h44l-6 10H17z" fill="#8a5a2b"/><path d="M16 30h32v8H16z" fill="#f6f1e7"/><path d="M20 24h24v6H20z" fill="#ffbf47"/><path d="M8 52c6 0 6-3 12-3s6 3 12 3 6-3 12-3 6 3 12 3" fill="none" stroke="#e7f1f4" stroke-width="3" stroke-linecap="round"/></svg>';

/** The web app manifest: an app that opens on the boarding page and stays within it. */
export function webManifest(input: { name: string; shortName: string; lang: string }) {
  return {
    name: input.name,
    short_name: input.shortName,
    lang: input.lang,
    id: BOARDING_PATH,
    start_url: BOARDING_PATH,
    scope: BOARDING_PATH,
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#073b4f',
    theme_color: '#073b4f',
    icons: ICON_SIZES.map((size) => ({
      src: iconPath(size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}

/**
 * The worker's source. Plain script on purpose (no bundler touches it): the constants above are
 * written into it, and tests/e2e/boarding-offline.spec.ts proves it on a phone with the network
 * off.
 */
export function serviceWorkerSource(): string {
  const constants = JSON.stringify({
    page: BOARDING_PATH,
    pageCache: PAGE_CACHE,
    filesCache: FILES_CACHE,
    wait: NETWORK_WAIT_MS,
  });
  return `'use strict';
const C = ${constants};

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([C.pageCache, C.filesCache]);
      for (const name of await caches.keys()) {
        if (name.startsWith('boarding-') && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// The page: the network's answer when it comes in time (and kept for next time), else the kept one.
async function page(request) {
  const cache = await caches.open(C.pageCache);
  const fromNetwork = fetch(request).then(async (response) => {
    // A redirect (signed out) or an error is passed on, never kept.
    if (response.ok && response.type === 'basic' && !response.redirected) {
      await cache.put(C.page, response.clone()).catch(() => {});
    }
    return response;
  });
  // Answered by the kept copy, the network's failure later is no one's business.
  fromNetwork.catch(() => {});
  const late = new Promise((resolve) => setTimeout(resolve, C.wait, null));
  try {
    const first = await Promise.race([fromNetwork, late]);
    if (first) return first;
    const kept = await cache.match(C.page);
    return kept || (await fromNetwork);
  } catch (error) {
    const kept = await cache.match(C.page);
    if (kept) return kept;
    throw error;
  }
}

// The build's files never change under a name: the kept copy, else the network's (then kept).
async function file(request) {
  const cache = await caches.open(C.filesCache);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === C.page) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/_next/static/')) event.respondWith(file(request));
  // Anything else (the boarding API above all) goes to the network as if there were no worker.
});

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'keep' && Array.isArray(message.files)) {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(C.filesCache);
        const wanted = new Set(message.files.map((path) => new URL(path, self.location.origin).href));
        for (const path of wanted) {
          if (!(await cache.match(path, { ignoreVary: true }))) {
            try {
              const response = await fetch(path, { credentials: 'same-origin' });
              if (response.ok) await cache.put(path, response);
            } catch (error) {
              // Offline now: the next visit online keeps it.
            }
          }
        }
        // An older build's files: no page asks for them any more.
        for (const request of await cache.keys()) {
          if (!wanted.has(request.url)) await cache.delete(request);
        }
        // The first visit's page came before the worker did: keep a copy for the first cold start.
        const pages = await caches.open(C.pageCache);
        if (!(await pages.match(C.page))) {
          try {
            const response = await fetch(C.page, { credentials: 'same-origin', redirect: 'manual' });
            if (response.ok && response.type === 'basic') await pages.put(C.page, response);
          } catch (error) {
            // Offline now: the next visit online keeps it.
          }
        }
      })(),
    );
  }
  if (message.type === 'forget') {
    event.waitUntil(Promise.all([caches.delete(C.pageCache), caches.delete(C.filesCache)]));
  }
});
`;
}
