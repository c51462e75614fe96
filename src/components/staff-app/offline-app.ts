/**
 * The staff's phone app (the crew's boarding page, a partner's door) as installable apps that open
 * with no network after a cold start (docs/decisions/138-boarding-offline-app.md, moved out of the
 * admin by docs/decisions/182-the-staff-phone-app.md): their web manifests, icons and one service
 * worker, all served under /staff so the app's session, headers and CSP apply.
 *
 * The worker controls /staff/ only (its scope), so the public site and the back office never pass
 * through it. It keeps two things: each page's HTML (the last one the server sent this phone, with
 * the CSP header and nonce it came with) and the build's files the pages loaded (/_next/static:
 * scripts, styles, content-hashed so a name never changes meaning). Nothing else: the day's lists
 * and the offline queues stay in the page's own storage; the API's answers are never cached.
 */
import { BOARDING_PATH, DOOR_PATH, STAFF_APP_PAGES, STAFF_APP_PREFIX, type StaffAppPage } from '@/lib/staff-app';

export { BOARDING_PATH, DOOR_PATH, STAFF_APP_PAGES };
export const SERVICE_WORKER_PATH = `${STAFF_APP_PREFIX}/sw.js`;
export const SERVICE_WORKER_SCOPE = `${STAFF_APP_PREFIX}/`;
/** The app each page installs as, by name. */
export const APPS = { boarding: BOARDING_PATH, door: DOOR_PATH } as const satisfies Record<string, StaffAppPage>;
export type StaffApp = keyof typeof APPS;
export const webManifestPath = (app: StaffApp, lang: string) => `${STAFF_APP_PREFIX}/manifest/${app}?lang=${lang}`;
export const ICON_SIZES = [192, 512] as const;
export const iconPath = (size: number) => `${STAFF_APP_PREFIX}/icon/${size}`;

/** Cache names; a new version of the worker's rules changes them and drops the old caches. */
export const CACHE_VERSION = 1;
export const PAGE_CACHE = `staff-pages-v${CACHE_VERSION}`;
export const FILES_CACHE = `staff-files-v${CACHE_VERSION}`;
/**
 * The boarding page's worker and caches from when it was an admin view (before issue 46): the new
 * worker drops those caches and the page unregisters that worker (./use-offline-app.client.ts).
 */
export const RETIRED_CACHE_PREFIX = 'boarding-';
export const RETIRED_WORKER_SCOPE = '/admin/boarding';

/** How long a phone waits for the page on a weak quay signal before opening the one it keeps. */
export const NETWORK_WAIT_MS = 4000;

/** The messages a page sends the worker. */
export type WorkerMessage =
  /**
   * The build's files this page loaded, once everything it may need offline has loaded (the QR
   * decoder included): keep them, and drop those no page of the app needs any more (an older build's).
   */
  | { type: 'keep'; page: StaffAppPage; files: string[] }
  /** Signed out: forget the pages and the files. */
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

/** The web app manifest: an app that opens on its page and stays within it. */
export function webManifest(input: { app: StaffApp; name: string; shortName: string; lang: string }) {
  const page = APPS[input.app];
  return {
    name: input.name,
    short_name: input.shortName,
    lang: input.lang,
    id: page,
    start_url: page,
    scope: page,
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
 * written into it, and tests/e2e/boarding-offline.spec.ts and door.spec.ts prove it on a phone
 * with the network off.
 */
export function serviceWorkerSource(): string {
  const constants = JSON.stringify({
    pages: STAFF_APP_PAGES,
    pageCache: PAGE_CACHE,
    filesCache: FILES_CACHE,
    retired: RETIRED_CACHE_PREFIX,
    lists: `${STAFF_APP_PREFIX}/__files`,
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
        const ours = name.startsWith('staff-') || name.startsWith(C.retired);
        if (ours && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page: the network's answer when it comes in time (and kept for next time), else the kept one.
async function page(request, path) {
  const cache = await caches.open(C.pageCache);
  const fromNetwork = fetch(request).then(async (response) => {
    // A redirect (signed out) or an error is passed on, never kept.
    if (response.ok && response.type === 'basic' && !response.redirected) {
      await cache.put(path, response.clone()).catch(() => {});
    }
    return response;
  });
  // Answered by the kept copy, the network's failure later is no one's business.
  fromNetwork.catch(() => {});
  const late = new Promise((resolve) => setTimeout(resolve, C.wait, null));
  try {
    const first = await Promise.race([fromNetwork, late]);
    if (first) return first;
    const kept = await cache.match(path);
    return kept || (await fromNetwork);
  } catch (error) {
    const kept = await cache.match(path);
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
    if (C.pages.includes(url.pathname)) event.respondWith(page(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith('/_next/static/')) event.respondWith(file(request));
  // Anything else (the APIs above all) goes to the network as if there were no worker.
});

// Each page's list of files is kept beside the pages: a file goes once no page lists it.
async function keep(pagePath, files) {
  const pages = await caches.open(C.pageCache);
  await pages.put(C.lists + pagePath, new Response(JSON.stringify(files)));
  const wanted = new Set();
  for (const request of await pages.keys()) {
    if (!new URL(request.url).pathname.startsWith(C.lists)) continue;
    const listed = await (await pages.match(request)).json().catch(() => []);
    for (const path of listed) wanted.add(new URL(path, self.location.origin).href);
  }
  const cache = await caches.open(C.filesCache);
  for (const path of files) {
    const href = new URL(path, self.location.origin).href;
    if (!(await cache.match(href, { ignoreVary: true }))) {
      try {
        const response = await fetch(href, { credentials: 'same-origin' });
        if (response.ok) await cache.put(href, response);
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
  if (!(await pages.match(pagePath))) {
    try {
      const response = await fetch(pagePath, { credentials: 'same-origin', redirect: 'manual' });
      if (response.ok && response.type === 'basic') await pages.put(pagePath, response);
    } catch (error) {
      // Offline now: the next visit online keeps it.
    }
  }
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'keep' && C.pages.includes(message.page) && Array.isArray(message.files)) {
    event.waitUntil(keep(message.page, message.files));
  }
  if (message.type === 'forget') {
    event.waitUntil(Promise.all([caches.delete(C.pageCache), caches.delete(C.filesCache)]));
  }
});
`;
}

/**
 * What /admin/boarding-sw.js serves now: phones that installed the boarding page when it was an
 * admin view check that worker for updates when they open its old address, and get this one,
 * which drops the old caches and unregisters itself (the address itself redirects to the app).
 */
export function retiredWorkerSource(): string {
  return `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(${JSON.stringify(RETIRED_CACHE_PREFIX)})) await caches.delete(name);
      }
      await self.registration.unregister();
    })(),
  );
});
`;
}
