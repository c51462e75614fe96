import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  GlobalAfterChangeHook,
  GlobalConfig,
} from 'payload';

/**
 * Staff edits made through the admin or the REST API to what the shop sells from (tours and their
 * prices, timetables, boats, closed days, departures), to the site's content (pages, school tours,
 * boarding points, images, redirects, the site and home settings: decision 169) and to who may use
 * the back office (users) or sell through the OCTO API (resellers)
 * are written to the audit log, field by field, before and after. Booking and departure
 * operations are audited from the domain events (subscribers.ts); this covers the rest.
 *
 * Only a signed-in person's changes are recorded: seeding and jobs are the system's, not a staff
 * action. The row is written in the edit's own transaction (`req`), so a refused save leaves none.
 */

// Secrets and session bookkeeping never go into a log that admins read.
const NEVER_LOGGED = new Set([
  'hash',
  'salt',
  'password',
  'sessions',
  'resetPasswordToken',
  'resetPasswordExpiration',
  'loginAttempts',
  'lockUntil',
  'apiKey',
  'apiKeyIndex',
  'updatedAt',
  'createdAt',
]);

type Doc = Record<string, unknown>;

function comparable(value: unknown): string {
  // Relationships arrive populated or as ids depending on depth; the id is what changed.
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
    return JSON.stringify((value as { id: unknown }).id);
  }
  return JSON.stringify(value ?? null);
}

function plain(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
    return (value as { id: unknown }).id;
  }
  return value ?? null;
}

/** The fields that differ, as two objects with only those fields. */
export function changedFields(before: Doc | null, after: Doc | null): { before: Doc; after: Doc } | null {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const diff = { before: {} as Doc, after: {} as Doc };
  for (const key of keys) {
    // Stored hashes and secrets (a reseller's API keys, its webhook signing secret): never logged either.
    if (NEVER_LOGGED.has(key) || /(Hash|Secret)$/.test(key) || key === 'id') continue;
    if (comparable(before?.[key]) === comparable(after?.[key])) continue;
    if (before) diff.before[key] = plain(before[key]);
    if (after) diff.after[key] = plain(after[key]);
  }
  return Object.keys(diff.before).length + Object.keys(diff.after).length === 0 ? null : diff;
}

function auditAfterChange(slug: string): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, operation, req }) => {
    if (!req.user) return doc;
    const diff = changedFields(operation === 'create' ? null : (previousDoc as Doc), doc as Doc);
    if (!diff) return doc;
    await req.payload.create({
      collection: 'audit-log',
      data: {
        actor: `user:${req.user.id}`,
        action: `${slug}.${operation === 'create' ? 'created' : 'updated'}`,
        subject: `${slug}:${doc.id}`,
        before: operation === 'create' ? null : diff.before,
        after: diff.after,
      },
      overrideAccess: true,
      req,
    });
    return doc;
  };
}

function auditAfterDelete(slug: string): CollectionAfterDeleteHook {
  return async ({ doc, id, req }) => {
    if (!req.user) return;
    await req.payload.create({
      collection: 'audit-log',
      data: {
        actor: `user:${req.user.id}`,
        action: `${slug}.deleted`,
        subject: `${slug}:${id}`,
        before: changedFields(doc as Doc, null)?.before ?? null,
        after: null,
      },
      overrideAccess: true,
      req,
    });
  };
}

/** The collection with its staff edits audited (its own hooks run first). */
export function audited(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {};
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), auditAfterChange(collection.slug)],
      afterDelete: [...(hooks.afterDelete ?? []), auditAfterDelete(collection.slug)],
    },
  };
}

function auditGlobalAfterChange(slug: string): GlobalAfterChangeHook {
  return async ({ doc, previousDoc, req }) => {
    if (!req.user) return doc;
    const diff = changedFields((previousDoc ?? null) as Doc | null, doc as Doc);
    if (!diff) return doc;
    await req.payload.create({
      collection: 'audit-log',
      data: {
        actor: `user:${req.user.id}`,
        action: `${slug}.updated`,
        subject: `${slug}`,
        before: diff.before,
        after: diff.after,
      },
      overrideAccess: true,
      req,
    });
    return doc;
  };
}

/** A global (site settings, home page, operations settings) with its staff edits audited. */
export function auditedGlobal(global: GlobalConfig): GlobalConfig {
  const hooks = global.hooks ?? {};
  return {
    ...global,
    hooks: { ...hooks, afterChange: [...(hooks.afterChange ?? []), auditGlobalAfterChange(global.slug)] },
  };
}
