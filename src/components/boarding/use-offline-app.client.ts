'use client';

import { useEffect } from 'react';

import { BOARDING_PATH, buildFiles, SERVICE_WORKER_PATH, type WorkerMessage } from './offline-app';

/** Whether this browser reads QR codes itself; else the page's ZXing chunk is needed offline too. */
function hasNativeDetector(): boolean {
  return 'BarcodeDetector' in globalThis;
}

/**
 * Makes the boarding page open offline from a cold start (./offline-app.ts): registers its worker
 * and, once the page has loaded all it may need (the QR decoder included, fetched ahead where the
 * browser has no detector of its own), tells the worker which of the build's files to keep.
 */
export function useOfflineApp(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    let cancelled = false;
    const start = async () => {
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, {
        scope: BOARDING_PATH,
        updateViaCache: 'none',
      });
      if (!hasNativeDetector()) await import('@zxing/library');
      await navigator.serviceWorker.ready;
      const worker = registration.active ?? navigator.serviceWorker.controller;
      if (cancelled || !worker) return;
      // The document's own tags, and what they loaded in turn (fonts, chunks): the timing buffer
      // alone may have dropped some on a page that loads many.
      const tags = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')].map(
        (tag) => ('src' in tag ? tag.src : tag.href),
      );
      const loaded = [...tags, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
      const message: WorkerMessage = { type: 'keep', files: buildFiles(loaded, window.location.origin) };
      worker.postMessage(message);
    };
    const run = () => void start().catch(() => {});
    // After the page has loaded: registering and fetching must not compete with the first scan.
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', run);
    };
  }, []);
}

/**
 * Signed out: the worker forgets the page and the build's files and unregisters, and the phone
 * forgets the departures' passenger lists. The offline queues stay: boardings that happened must
 * still reach the server, whoever signs in next.
 */
export async function forgetOfflineApp(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(BOARDING_PATH);
  if (!registration) return;
  const message: WorkerMessage = { type: 'forget' };
  registration.active?.postMessage(message);
  await registration.unregister();
  if ('caches' in window) {
    for (const name of await caches.keys()) if (name.startsWith('boarding-')) await caches.delete(name);
  }
}
