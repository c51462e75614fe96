import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { permissionsPolicy } from '@/security/headers';

import {
  BOARDING_PATH,
  buildFiles,
  FILES_CACHE,
  ICON_SVG,
  PAGE_CACHE,
  serviceWorkerSource,
  webManifest,
} from './offline-app';

describe('the boarding page as an offline app', () => {
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
          `${origin}/admin/boarding`,
          'https://elsewhere.example/_next/static/chunks/app.js',
          'not a url ::',
        ],
        origin,
      ),
    ).toEqual(['/_next/static/chunks/app.js', '/_next/static/css/admin.css?v=1', '/_next/static/media/font.woff2']);
  });

  it('installs as an app that opens on the boarding page and stays within it', () => {
    const manifest = webManifest({ name: 'Embarcament (tripulació)', shortName: 'Embarcament', lang: 'ca' });
    expect(manifest).toMatchObject({ start_url: BOARDING_PATH, scope: BOARDING_PATH, display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    // The page it opens is the one the camera is allowed on.
    expect(permissionsPolicy(manifest.start_url)).toContain('camera=(self)');
  });

  it('draws the site’s own icon', () => {
    expect(ICON_SVG).toBe(readFileSync(path.join(process.cwd(), 'src/app/icon.svg'), 'utf8').trim());
  });

  it('has a worker that parses, and names its caches and the page it answers for', () => {
    const source = serviceWorkerSource();
    expect(() => new Function(source)).not.toThrow();
    for (const name of [PAGE_CACHE, FILES_CACHE, BOARDING_PATH]) expect(source).toContain(JSON.stringify(name));
  });
});
