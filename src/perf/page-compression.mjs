// Public pages as Brotli (docs/decisions/116-pages-as-brotli.md).
//
// A public page is the same bytes for every visitor and changes only when its content does, so
// its Brotli at the strongest setting (a home page: 65 KB of HTML, 10.0 KB as Brotli 11 against
// 13.0 KB as gzip 6) is worth computing once per version of the page: ~80 ms of one core, off the
// event loop (zlib's thread pool), remembered by the SHA-1 of the page's bytes. That is what lets
// a page's first round trip carry all of its HTML on a phone. Plain JS: the server runs outside
// Next's bundler.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** Whether the request's Accept-Encoding takes Brotli (named, with a non-zero q). */
export function acceptsBrotli(req) {
  const header = String(req.headers?.['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/**
 * Brotli copies of pages, by the SHA-1 of their bytes; the most recently used `maxEntries` kept.
 * @param {{ maxEntries?: number, quality?: number }} [options]
 */
export function createPageCompression({ maxEntries = 256, quality = constants.BROTLI_MAX_QUALITY } = {}) {
  /** @type {Map<string, Buffer>} */
  const done = new Map();
  /** @type {Map<string, Promise<Buffer>>} */
  const pending = new Map();
  // The page cache hands over the same Buffer on every hit: remember its key rather than hash
  // 65 KB again per request.
  /** @type {WeakMap<Buffer, string>} */
  const keys = new WeakMap();
  const keyOf = (body) => {
    let key = keys.get(body);
    if (key === undefined) {
      key = createHash('sha1').update(body).digest('base64');
      keys.set(body, key);
    }
    return key;
  };

  return {
    get size() {
      return done.size;
    },
    /** The page's Brotli bytes if they are ready, else null. */
    ready(body) {
      const key = keyOf(body);
      const found = done.get(key);
      if (!found) return null;
      done.delete(key);
      done.set(key, found);
      return found;
    },
    /** The page's Brotli bytes, compressed now unless they already were (or are being). */
    brotli(body) {
      const key = keyOf(body);
      const found = done.get(key);
      if (found) return Promise.resolve(found);
      let running = pending.get(key);
      if (!running) {
        running = compress(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }).then(
          (bytes) => {
            pending.delete(key);
            done.set(key, bytes);
            for (const oldest of done.keys()) {
              if (done.size <= maxEntries) break;
              done.delete(oldest);
            }
            return bytes;
          },
          (error) => {
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, running);
      }
      return running;
    },
  };
}
