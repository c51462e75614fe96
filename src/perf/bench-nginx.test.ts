import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { benchNginxConfig, STATIC_PREFIX } from '../../scripts/bench-nginx.mjs';

const source = readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
const directives = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

describe('the bench runs deploy/nginx.conf', () => {
  const conf = benchNginxConfig(source, {
    listenPort: 4001,
    tlsPort: 4002,
    certFile: '/tmp/b/cert.pem',
    keyFile: '/tmp/b/key.pem',
    upstreamPort: 4000,
    dir: '/tmp/b',
    staticDir: '/tmp/b/static',
  });

  it('keeps every cache, compression, header and bypass directive of the documented config', () => {
    const kept = new Set(directives(conf));
    const templated = /^(listen|ssl_|server 127|proxy_cache_path|include|return 301|server_name)/;
    const missing = directives(source).filter((d) => !templated.test(d) && !kept.has(d));
    expect(missing).toEqual([]);
    expect(conf).toContain('proxy_cache_path /tmp/b/cache levels=1:2 keys_zone=site:20m');
    expect(conf).toContain('server 127.0.0.1:4000 max_fails=3');
  });

  it('listens with TLS and HTTP/2 as deployed, and on plain HTTP for the load tools, with paths of its own', () => {
    expect(conf).toContain('listen 127.0.0.1:4002 ssl http2;');
    expect(conf).toContain('listen 127.0.0.1:4001;');
    expect(conf).toContain('ssl_certificate /tmp/b/cert.pem;');
    expect(conf).toContain('ssl_certificate_key /tmp/b/key.pem;');
    expect(conf).not.toMatch(/listen (80|443)|site\.example\/|\[::\]/);
    expect(conf).toMatch(/^pid \/tmp\/b\/nginx\.pid;$/m);
    expect(conf).toContain(`location ^~ ${STATIC_PREFIX} {\n      alias /tmp/b/static/;`);
  });

  it('says so when the documented config no longer has what it templates', () => {
    expect(() =>
      benchNginxConfig(source.replace('listen 443 ssl http2;', 'listen 443 ssl;'), {
        listenPort: 1,
        tlsPort: 3,
        certFile: '/x/c',
        keyFile: '/x/k',
        upstreamPort: 2,
        dir: '/x',
        staticDir: '/x/s',
      }),
    ).toThrow(/TLS listen/);
  });
});
