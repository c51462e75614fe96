import { APIError, type CollectionBeforeChangeHook, type PayloadRequest } from 'payload';

import { lowerBoatCapacity, setCapacity, type OpsError } from '../operations/departures';
import { opsMessages } from '../i18n/ops-messages';
import { fill } from '../lib/icu-lite';

/**
 * Seats changed through Payload (its REST API, the admin, the local API) obey the same rule as
 * the staff capacity API, by calling it: `setCapacity` for a departure, `lowerBoatCapacity` for a
 * boat (src/operations/departures.ts). The rule writes the new seats itself, in its one conditional
 * UPDATE, before Payload saves the document with the same value; so a hold can never slip in
 * between a check here and Payload's write. A refusal is answered in the staff member's admin
 * language, with the numbers.
 */

function refusal(req: PayloadRequest, error: OpsError, details: Record<string, unknown> = {}): APIError {
  const message = fill(opsMessages(req.i18n?.language).errors[error], details as Record<string, string | number>);
  const status = error === 'aboveBoat' || error === 'invalidCapacity' ? 422 : 409;
  return new APIError(message, status, { error, ...details }, true);
}

const actor = (req: PayloadRequest) => (req.user ? `user:${req.user.id}` : 'system');

const idOf = (ref: unknown): number | string | null =>
  typeof ref === 'object' && ref !== null
    ? ((ref as { id?: number | string }).id ?? null)
    : ((ref as number | string | null | undefined) ?? null);

/** A departure's seats: never above its (new) boat; on an update, never below sold plus held. */
export const departureCapacityRule: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (typeof data.capacity !== 'number') return data;
  const boatId = idOf(data.boat ?? originalDoc?.boat);
  if (boatId === null) return data;
  const boat = await req.payload.findByID({ collection: 'boats', id: boatId, depth: 0, req });
  if (data.capacity > boat.capacity) throw refusal(req, 'aboveBoat', { boatCapacity: boat.capacity });
  if (operation === 'update' && originalDoc && data.capacity !== originalDoc.capacity) {
    const result = await setCapacity(req.payload, Number(originalDoc.id), data.capacity, new Date(), actor(req), {
      boatCapacity: boat.capacity,
    });
    if (!result.ok) throw refusal(req, result.error, result.details);
  }
  return data;
};

/** A boat's seats: its departures still to sail come down with them, or the save is refused. */
export const boatCapacityRule: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !originalDoc || typeof data.capacity !== 'number') return data;
  if (data.capacity === originalDoc.capacity) return data;
  const result = await lowerBoatCapacity(req.payload, Number(originalDoc.id), data.capacity, new Date(), actor(req));
  if (!result.ok) throw refusal(req, result.error, result.details);
  return data;
};
