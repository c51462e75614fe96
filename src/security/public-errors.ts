import type { AfterErrorHook } from 'payload';

/**
 * Payload's REST answer for an error a hook meant to show (`isPublic`): its own message and status,
 * always. The production build compiles Payload's error classes without names (`class extends …`)
 * and the hooks' copy of Payload is not always the REST handler's, whose `instanceof APIError` then
 * fails: it answered "An unknown error occurred." to a refused capacity PATCH whose bulk twin (it
 * reads `error.message` itself) and the staff API gave the clear message (issue 42). Errors that
 * are not public keep Payload's "Something went wrong.": their text may name anything.
 */
export const keepPublicMessages: AfterErrorHook = ({ error, result }) => {
  const shown = error as Error & { isPublic?: unknown; status?: unknown; data?: unknown };
  if (shown.isPublic !== true || typeof shown.message !== 'string' || shown.message === '') return;
  if (result?.errors?.[0]?.message === shown.message) return;
  const data =
    typeof shown.data === 'object' && shown.data !== null ? { data: shown.data as Record<string, unknown> } : {};
  return {
    response: { errors: [{ ...(shown.name ? { name: shown.name } : {}), ...data, message: shown.message }] },
    ...(typeof shown.status === 'number' && shown.status >= 400 && shown.status < 600 ? { status: shown.status } : {}),
  };
};
