'use client';

/**
 * The phone app's calls to the staff APIs (/api/boarding/*, /api/partner/*): a failed fetch means
 * no network (the phone answers from its own list), a 401 means the shift's session ended (back to
 * the sign-in, ../../lib/staff-app.ts signInHref).
 */
export class OfflineError extends Error {}
export class SignedOutError extends Error {}

export async function api<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new OfflineError();
  }
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}
