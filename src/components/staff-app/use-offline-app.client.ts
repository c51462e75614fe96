'use client';

import { useEffect } from 'react';

import {
  buildFiles,
  RETIRED_CACHE_PREFIX,
  RETIRED_WORKER_SCOPE,
  SERVICE_WORKER_PATH,
  SERVICE_WORKER_SCOPE,
  type WorkerMessage,
} from './offline-app';
import { STAFF_APP_PAGES, type StaffAppPage } from '@/lib/staff-app';

/**
 * The build files a page loaded on demand (the QR decoder, loaded when the camera first opens on a
 * browser without a detector of its own), remembered for the build that loaded them, so the
 * worker keeps them for a cold start offline although later visits do not load them.
 */
const ON_DEMAND_KEY = 'golondrinas.staff.on-demand-files';

/** The document's own script and style tags: they name the build (content-hashed file names). */
function documentFiles(): string[] {
  const tags = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')].map(
    (tag) => ('src' in tag ? tag.src : tag.href),
  );
  return buildFiles(tags, window.location.origin);
}

function rememberedOnDemand(build: string): string[] {
  try {
    const kept = JSON.parse(window.localStorage.getItem(ON_DEMAND_KEY) ?? 'null') as {
      build?: string;
      files?: string[];
    } | null;
    return kept?.build === build && Array.isArray(kept.files) ? kept.files : [];
  } catch {
    return [];
  }
}

/** Tells the app's worker every build file this page needs offline: its own and those loaded on demand. */
async function tellWorker(page: StaffAppPage, cancelled: () => boolean = () => false): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active ?? navigator.serviceWorker.controller;
  if (cancelled() || !worker) return;
  const own = documentFiles();
  const build = own.join(' ');
  // What the tags loaded in turn: the timing buffer alone may have dropped some on a busy page.
  const loaded = buildFiles(
    performance.getEntriesByType('resource').map((entry) => entry.name),
    window.location.origin,
  );
  const files = [...new Set([...own, ...loaded, ...rememberedOnDemand(build)])].sort();
  const message: WorkerMessage = { type: 'keep', page, files };
  worker.postMessage(message);
}

/**
 * Called once something was loaded on demand (the camera's decoder): the worker keeps it from now
 * on, for as long as the page's build is the same.
 */
export function keepLoadedOnDemand(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const page = STAFF_APP_PAGES.find((path) => path === window.location.pathname);
  if (!page) return;
  const own = documentFiles();
  const build = own.join(' ');
  const loaded = buildFiles(
    performance.getEntriesByType('resource').map((entry) => entry.name),
    window.location.origin,
  ).filter((file) => !own.includes(file));
  try {
    const files = [...new Set([...rememberedOnDemand(build), ...loaded])].sort();
    window.localStorage.setItem(ON_DEMAND_KEY, JSON.stringify({ build, files }));
  } catch {
    // Without storage the decoder is kept until the next visit only.
  }
  void tellWorker(page).catch(() => {});
}

/** The boarding page's worker from when it was an admin view: its address now redirects here. */
async function retireOldWorker(): Promise<void> {
  const old = await navigator.serviceWorker.getRegistration(RETIRED_WORKER_SCOPE);
  if (old && new URL(old.scope).pathname === RETIRED_WORKER_SCOPE) await old.unregister();
}

/**
 * Makes a page of the staff's app open offline from a cold start (./offline-app.ts): registers the
 * app's worker and, once the page has loaded, tells the worker which build files to keep. The QR
 * decoder is not fetched ahead: it loads when the camera first opens, and is kept from then on
 * (keepLoadedOnDemand).
 */
export function useOfflineApp(page: StaffAppPage): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    let cancelled = false;
    const start = async () => {
      void retireOldWorker().catch(() => {});
      await navigator.serviceWorker.register(SERVICE_WORKER_PATH, {
        scope: SERVICE_WORKER_SCOPE,
        updateViaCache: 'none',
      });
      await tellWorker(page, () => cancelled);
    };
    const run = () => void start().catch(() => {});
    // After the page has loaded: registering and fetching must not compete with the first scan.
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', run);
    };
  }, [page]);
}

/**
 * Signed out: the worker forgets the pages and the build's files and unregisters (the admin-era
 * worker too). The offline queues stay: boardings and admissions that happened must still reach
 * the server, whoever signs in next.
 */
export async function forgetOfflineApp(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  for (const scope of [SERVICE_WORKER_SCOPE, RETIRED_WORKER_SCOPE]) {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    if (!registration || !new URL(registration.scope).pathname.startsWith(scope)) continue;
    const message: WorkerMessage = { type: 'forget' };
    registration.active?.postMessage(message);
    await registration.unregister();
  }
  if ('caches' in window) {
    for (const name of await caches.keys()) {
      if (name.startsWith('staff-') || name.startsWith(RETIRED_CACHE_PREFIX)) await caches.delete(name);
    }
  }
}
