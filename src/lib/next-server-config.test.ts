import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { builtNextConfig, siteHost } from './next-server-config.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(config: object) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'next-config-'));
  dirs.push(dist);
  writeFileSync(path.join(dist, 'required-server-files.json'), JSON.stringify({ version: 1, config }));
  return dist;
}

describe('the configuration the server runs with', () => {
  it("is the build's, with the public host taken from the server's SITE_URL, not the build machine's", () => {
    const dist = build({
      poweredByHeader: false,
      experimental: {
        globalNotFound: true,
        serverActions: { bodySizeLimit: '100kb', allowedOrigins: ['localhost:3000'] },
      },
    });
    const config = builtNextConfig(dist, { SITE_URL: 'https://www.golondrinas.example' });
    expect(config.poweredByHeader).toBe(false);
    expect(config.experimental.globalNotFound).toBe(true);
    expect(config.experimental.serverActions).toEqual({
      bodySizeLimit: '100kb',
      allowedOrigins: ['www.golondrinas.example'],
    });
  });

  it('names the local host when SITE_URL is unset or unreadable', () => {
    expect(siteHost(undefined)).toBe('localhost:3000');
    expect(siteHost('not a url')).toBe('localhost:3000');
    expect(siteHost('http://127.0.0.1:3400/')).toBe('127.0.0.1:3400');
  });

  it('is read by this version of Next from the variable scripts/server.mjs sets (a rename would bring SWC back)', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('next/dist/server/config.js'), 'utf8');
    expect(source).toContain('JSON.parse(process.env.__NEXT_PRIVATE_STANDALONE_CONFIG)');
  });

  it('fails plainly without a build', () => {
    expect(() => builtNextConfig(path.join(os.tmpdir(), 'no-such-build'), {})).toThrow(/ENOENT/);
  });
});
