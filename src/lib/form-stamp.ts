import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed "form started at" time for the minimum-fill-time check. Signed, so a bot cannot
 * backdate it; it carries no personal data.
 */
function sign(issuedAt: number, secret: string): string {
  return createHmac('sha256', secret).update(`form-stamp:${issuedAt}`).digest('base64url');
}

export function issueStamp(secret: string, now: number = Date.now()): string {
  return `${now}.${sign(now, secret)}`;
}

export type StampCheck = { ok: true; ageMs: number } | { ok: false; reason: 'invalid' | 'tooFast' };

export function checkStamp(
  stamp: string | undefined,
  secret: string,
  { minAgeMs, now = Date.now() }: { minAgeMs: number; now?: number },
): StampCheck {
  const match = /^(\d{13})\.([\w-]{43})$/.exec(stamp ?? '');
  if (!match) return { ok: false, reason: 'invalid' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(issuedAt, secret));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const ageMs = now - issuedAt;
  // A stamp from the future is a forged clock, not a fast visitor.
  if (ageMs < -60_000) return { ok: false, reason: 'invalid' };
  if (ageMs < minAgeMs) return { ok: false, reason: 'tooFast' };
  return { ok: true, ageMs };
}
