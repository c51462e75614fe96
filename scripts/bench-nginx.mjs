// nginx for `npm run bench`: the documented deploy/nginx.conf, templated only where a bench must
// differ from a deployment, so what is measured is the configuration we tell people to install.
//   - addresses: the documented TLS and HTTP/2 listener on a local port, with a certificate made
//     for the run (browsers are measured over it, as visitors come), plus plain HTTP on another
//     port for the load tools; the upstream is the bench's origin; the port-80 redirect server is
//     dropped;
//   - paths: cache, pid, logs and temp files under the bench's own directory, mime.types by its
//     absolute path; access logging off (the static and proxied runs would pay it alike);
//   - one extra location, /__bench-static/, that serves files from disk in the same server block
//     (same gzip, same headers), for the "as fast as a static file" comparison.
// Every cache, compression and bypass directive is kept verbatim (src/perf/bench-nginx.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const STATIC_PREFIX = '/__bench-static/';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary to run, or null. NGINX_BIN wins. */
export function findNginx(env = process.env) {
  if (env.NGINX_BIN) return existsSync(env.NGINX_BIN) ? env.NGINX_BIN : null;
  for (const candidate of NGINX_CANDIDATES) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export const NGINX_MISSING = [
  'nginx is not installed: the bench measures the origin alone and skips the nginx rows.',
  'Install it to measure deploy/nginx.conf as deployed:',
  '  Debian/Ubuntu: sudo apt-get install -y nginx-light   (or nginx)',
  '  macOS: brew install nginx',
  'or point NGINX_BIN at an nginx binary (1.22 or newer).',
].join('\n');

/**
 * A self-signed certificate for 127.0.0.1 and localhost in `dir` (cert.pem, key.pem), made with
 * openssl; null when openssl is missing or fails.
 * @param {string} dir
 */
export function makeBenchCertificate(dir) {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  return result.status === 0 ? { certFile, keyFile } : null;
}

/**
 * deploy/nginx.conf for a local run.
 * @param {string} source the text of deploy/nginx.conf
 * @param {{ listenPort: number, tlsPort: number, certFile: string, keyFile: string, upstreamPort: number,
 *   dir: string, staticDir: string, mimeTypes?: string, user?: string | null }} options
 */
export function benchNginxConfig(source, options) {
  const {
    listenPort,
    tlsPort,
    certFile,
    keyFile,
    upstreamPort,
    dir,
    staticDir,
    mimeTypes = '/etc/nginx/mime.types',
    user = null,
  } = options;
  let conf = source;
  const replace = (pattern, replacement, what) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf changed: no ${what} to template`);
    conf = conf.replace(pattern, replacement);
  };
  // The redirect-to-https server: nothing to measure without certificates.
  replace(/\n  server \{\n    listen 80;[\s\S]*?\n  \}\n/, '\n', 'port-80 server');
  replace(
    /listen 443 ssl http2;/,
    `listen 127.0.0.1:${tlsPort} ssl http2;\n    listen 127.0.0.1:${listenPort};`,
    'TLS listen',
  );
  replace(/\n\s*listen \[::\]:443[^\n]*/, '', 'IPv6 listen');
  replace(/ssl_certificate [^;\n]+;/, `ssl_certificate ${certFile};`, 'certificate');
  replace(/ssl_certificate_key [^;\n]+;/, `ssl_certificate_key ${keyFile};`, 'certificate key');
  replace(/server 127\.0\.0\.1:\d+/, `server 127.0.0.1:${upstreamPort}`, 'upstream');
  replace(/proxy_cache_path \/var\/cache\/nginx\/site/, `proxy_cache_path ${path.join(dir, 'cache')}`, 'cache path');
  replace(/include mime\.types;/, `include ${mimeTypes};`, 'mime.types');
  const main = [
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    ...(user ? [`user ${user};`] : []),
  ].join('\n');
  replace(/\nworker_processes/, `\n${main}\nworker_processes`, 'worker_processes');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`)
    .join('\n');
  replace(/\nhttp \{\n/, `\nhttp {\n  access_log off;\n${temp}\n`, 'http block');
  // The static twin of a page, in the same server block: same gzip, same added headers.
  replace(
    /(\n    location \/ \{\n)/,
    `\n    location ^~ ${STATIC_PREFIX} {\n      alias ${staticDir.replace(/\/?$/, '/')};\n    }\n$1`,
    'location /',
  );
  return conf;
}
