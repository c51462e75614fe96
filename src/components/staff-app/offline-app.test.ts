import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { permissionsPolicy } from '@/security/headers';

import {
  APPS,
  BOARDING_PATH,
  buildFiles,
  DOOR_PATH,
  FILES_CACHE,
  ICON_SVG,
  PAGE_CACHE,
  RETIRED_CACHE_PREFIX,
  retiredWorkerSource,
  SERVICE_WORKER_PATH,
  SERVICE_WORKER_SCOPE,
  serviceWorkerSource,
  STAFF_APP_PAGES,
  webManifest,
} from './offline-app';

describe('the staff’s phone app (boarding page, partner’s door) as an offline app', () => {
  it('keeps only the build’s own files the page loaded, once each', () => {
    const origin = 'https://golondrinas.example';
    expect(
      buildFiles(
        [
          `${origin}/_next/static/chunks/app.js`,
          '/_next/static/chunks/app.js',
          `${origin}/_next/static/media/font.woff2`,
          `${origin}/_next/static/css/admin.css?v=1`,
          `${origin}/api/boarding/departures/3/tickets`,
          `${origin}/staff/boarding`,
          'https://elsewhere.example/_next/static/chunks/app.js',
          'not a url ::',
        ],
        origin,
      ),
    ).toEqual(['/_next/static/chunks/app.js', '/_next/static/css/admin.css?v=1', '/_next/static/media/font.woff2']);
  });

  it('installs each page as an app that opens on it and stays within it', () => {
    const boarding = webManifest({
      app: 'boarding',
      name: 'Embarcament (tripulació)',
      shortName: 'Embarcament',
      lang: 'ca',
    });
    expect(boarding).toMatchObject({ start_url: BOARDING_PATH, scope: BOARDING_PATH, display: 'standalone' });
    expect(boarding.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    const door = webManifest({ app: 'door', name: 'Porta', shortName: 'Porta', lang: 'ca' });
    expect(door).toMatchObject({ id: DOOR_PATH, start_url: DOOR_PATH, scope: DOOR_PATH });
    // The pages they open are the ones the camera is allowed on.
    for (const manifest of [boarding, door]) expect(permissionsPolicy(manifest.start_url)).toContain('camera=(self)');
    expect(Object.values(APPS).sort()).toEqual([...STAFF_APP_PAGES].sort());
  });

  it('has one worker whose scope covers every page of the app, outside the back office', () => {
    expect(SERVICE_WORKER_PATH.startsWith(SERVICE_WORKER_SCOPE)).toBe(true);
    for (const page of STAFF_APP_PAGES) expect(page.startsWith(SERVICE_WORKER_SCOPE)).toBe(true);
    expect(SERVICE_WORKER_SCOPE.startsWith('/admin')).toBe(false);
  });

  it('draws the site’s own icon', () => {
    expect(ICON_SVG).toBe(readFileSync(path.join(process.cwd(), 'src/app/icon.svg'), 'utf8').trim());
  });

  it('has a worker that parses, and names its caches and the pages it answers for', () => {
    const source = serviceWorkerSource();
    expect(() => new Function(source)).not.toThrow();
    for (const name of [PAGE_CACHE, FILES_CACHE, BOARDING_PATH, DOOR_PATH, RETIRED_CACHE_PREFIX]) {
      expect(source).toContain(JSON.stringify(name));
    }
  });

  it('retires the admin-era worker: it drops the old caches and unregisters itself', () => {
    const source = retiredWorkerSource();
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain(JSON.stringify(RETIRED_CACHE_PREFIX));
    expect(source).toContain('self.registration.unregister()');
    expect(source).not.toContain("addEventListener('fetch'");
  });
});

/** The worker run against an in-memory Cache Storage and a network that serves every file. */
function fakeWorker() {
  const origin = 'https://golondrinas.example';
  const stores = new Map<string, Map<string, Response>>();
  const href = (key: string | Request) => new URL(typeof key === 'string' ? key : key.url, origin).href;
  const caches = {
    async open(name: string) {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return {
        match: async (key: string | Request) => store.get(href(key))?.clone(),
        put: async (key: string | Request, response: Response) => void store.set(href(key), response),
        keys: async () => [...store.keys()].map((url) => new Request(url)),
        delete: async (key: string | Request) => store.delete(href(key)),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const handlers = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    clients: { claim: async () => {} },
    skipWaiting: () => {},
  };
  const fetch = async (url: string) => {
    const response = new Response(`file ${url}`, { status: 200 });
    Object.defineProperty(response, 'type', { value: 'basic' });
    return response;
  };
  new Function('self', 'caches', 'fetch', serviceWorkerSource())(self, caches, fetch);
  const message = async (data: unknown) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get('message')!({ data, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  const files = () => [...(stores.get(FILES_CACHE)?.keys() ?? [])].map((url) => new URL(url).pathname).sort();
  return { message, files, stores };
}

describe('the app’s worker keeps each page’s files', () => {
  it('keeps what each page lists, and drops a file only once no page lists it', async () => {
    const worker = fakeWorker();
    await worker.message({
      type: 'keep',
      page: BOARDING_PATH,
      files: ['/_next/static/a.js', '/_next/static/shared.js'],
    });
    await worker.message({ type: 'keep', page: DOOR_PATH, files: ['/_next/static/d.js', '/_next/static/shared.js'] });
    // The door's visit does not drop the boarding page's files.
    expect(worker.files()).toEqual(['/_next/static/a.js', '/_next/static/d.js', '/_next/static/shared.js']);
    // A new build of the boarding page: its old file goes, the door's stay.
    await worker.message({ type: 'keep', page: BOARDING_PATH, files: ['/_next/static/a2.js'] });
    expect(worker.files()).toEqual(['/_next/static/a2.js', '/_next/static/d.js', '/_next/static/shared.js']);
    // Each page's HTML is kept for its first cold start.
    const pages = [...worker.stores.get(PAGE_CACHE)!.keys()].map((url) => new URL(url).pathname);
    expect(pages).toEqual(expect.arrayContaining([BOARDING_PATH, DOOR_PATH]));
  });

  it('answers only for the app’s pages, and forgets everything when signed out', async () => {
    const worker = fakeWorker();
    await worker.message({ type: 'keep', page: '/admin', files: ['/_next/static/x.js'] });
    expect(worker.files()).toEqual([]);
    await worker.message({ type: 'keep', page: DOOR_PATH, files: ['/_next/static/d.js'] });
    await worker.message({ type: 'forget' });
    expect(worker.stores.has(FILES_CACHE)).toBe(false);
    expect(worker.stores.has(PAGE_CACHE)).toBe(false);
  });
});
