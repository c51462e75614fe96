import { createHash, randomBytes } from 'node:crypto';

/**
 * Reseller API keys. A key is 32 random bytes; the database keeps only its SHA-256 (a key this
 * long needs no slow hash: nobody can guess it from the hash, and every request checks one) and
 * a short prefix staff can match against what a reseller quotes.
 */
export const KEY_PREFIX_LENGTH = 12;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `golo_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
