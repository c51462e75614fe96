import { randomBytes } from 'node:crypto';

/** 20 characters of base32 from 100 random bits: unguessable, and easy to read out on the phone. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length = 20): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET.charAt(byte & 31);
  return out;
}
