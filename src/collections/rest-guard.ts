import 'server-only';

import { stat } from 'node:fs/promises';
import path from 'node:path';

import { getPayload, type SanitizedCollectionConfig, type SanitizedConfig } from 'payload';

import { localizedError, staffError, staffLocale } from '@/security/messages';

import { globalNames, referencesTo } from './content-safety';
import { collectionLabels, globalLabels } from './labels';

/**
 * Input Payload's REST API answers with a 500 (issue 25, found by tests/integration/api-fuzz.test.ts),
 * refused here with a 4xx in the visitor's language before Payload sees it:
 * - a document id that is not one (`GET /api/pages/abc`, or past PostgreSQL's integer): the query
 *   failed on NaN or overflow;
 * - `POST /api/users/verify/…`: users have no e-mail verification, so the token's column is missing;
 * - `GET /api/media/file/<missing>`: Payload reports a file missing on disk as a 500;
 * - a JSON body that is not an object (`null`, `[]`, `"x"`), a multipart body that does not parse,
 *   or a body of any other type (Payload leaves its data undefined);
 * - `versions` of a collection or global that keeps none;
 * - a number in a `where` query that is no number a database takes (`where[id][equals]=1e400`);
 * - deleting a back-office preference the user does not have (Payload's query for it fails);
 * - a collection or global named like a property every object has (`/api/valueOf`): Payload
 *   looked it up as a key and threw;
 * - deleting a document a required relationship still names (a tour with bookings): the
 *   database refused the delete, now staff are told why (409); content is also kept while anything
 *   else names it, and is never deleted or edited in bulk (403; decision 169);
 * - a collection or global whose REST API is off (`payload-migrations`): a 501 naming the
 *   instance's internal address, now a 404 (issue 42).
 * - query strings the database cannot run (issue 42, 318 of 7,055 fuzzed requests): `where=abc`
 *   and `data=abc` (Payload JSON-parses them), an operator the database adapter lacks
 *   (`all`, `near`), a value of the wrong kind for its field (`where[id][in]=1,abc`,
 *   `where[createdAt][equals]=abc`), `page=-1` (a negative OFFSET on PostgreSQL), `limit`,
 *   `depth` or `page` that are no whole number, a `sort` that names no field; and `/me`, `/login`
 *   and the other sign-in routes of a collection nobody signs in to (404).
 * Everything else goes to Payload unchanged; a 500 from it is a real fault.
 */
type RouteArgs = { params: Promise<{ slug: string[] }> };
type RouteHandler = (request: Request, args: RouteArgs) => Promise<Response>;

/** Serial ids on both databases: PostgreSQL's `integer`. */
const MAX_ID = 2_147_483_647;
/**
 * First path segments after a collection's slug that are Payload routes, not document ids, and
 * the methods Payload serves them with: with any other method the segment is read as an id
 * (`GET /api/media/access` looked up a document NaN, a 500).
 */
const COLLECTION_ROUTES = new Map<string, string[]>([
  ['access', ['POST']],
  ['count', ['GET']],
  ['file', ['GET', 'HEAD']],
  ['first-register', ['POST']],
  ['forgot-password', ['POST']],
  ['init', ['GET']],
  ['login', ['POST']],
  ['logout', ['POST']],
  ['me', ['GET']],
  ['refresh-token', ['POST']],
  ['reset-password', ['POST']],
  ['unlock', ['POST']],
  ['verify', ['POST']],
  ['versions', ['GET', 'POST']],
]);
const WITH_BODY = new Set(['POST', 'PATCH', 'PUT']);
/** Routes only a collection people sign in to has: elsewhere Payload threw on its missing auth config. */
const AUTH_ROUTES = new Set([
  'first-register',
  'forgot-password',
  'init',
  'login',
  'logout',
  'me',
  'refresh-token',
  'reset-password',
  'unlock',
  'verify',
]);

function isId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;
}

function hasNumericIds(collection: SanitizedCollectionConfig): boolean {
  return !collection.fields.some((field) => 'name' in field && field.name === 'id');
}

/** The ids a collection route names, by Payload's route table (collections/endpoints, auth/endpoints). */
function idsInPath(collection: SanitizedCollectionConfig, method: string, rest: string[]): (string | undefined)[] {
  const [first, second] = rest;
  if (first === undefined) return [];
  const route = COLLECTION_ROUTES.get(first);
  if (route?.includes(method)) {
    if (first === 'versions' || first === 'access') return rest.length > 1 ? [second] : [];
    return [];
  }
  // A collection's own routes by name, or by a parameter other than the id: Payload's
  // preferences live at `/:key` (a name). Its defaults (`/:id`, `/:id/duplicate`) are listed too.
  const custom = (collection.endpoints || []).some((endpoint) => {
    if (endpoint.method !== method.toLowerCase()) return false;
    const segments = endpoint.path.split('/').slice(1);
    const segment = segments[0] ?? '';
    if (segment === first) return true;
    return segments.length === rest.length && segment.startsWith(':') && segment.replace(/\?$/, '') !== ':id';
  });
  return custom ? [] : [first];
}

/** Operators that take one value: a list there (`where[id][equals]` twice) reached the driver. */
const SCALAR_OPERATORS = new Set([
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
  'exists',
]);

/**
 * `where[…]=1e400` reached the database as Infinity, an id past PostgreSQL's integer failed its
 * query, and a list where one value belongs made SQLite refuse to bind it.
 */
function hasUnusableWhere(url: URL): boolean {
  const seen = new Set<string>();
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('where')) continue;
    const segments = [...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    const operator = segments.findIndex((segment) => SCALAR_OPERATORS.has(segment));
    if (operator !== -1 && (operator < segments.length - 1 || seen.has(key))) return true;
    seen.add(key);
    const trimmed = value.trim();
    if (!/^[+-]?(\d|\.\d|infinity)/i.test(trimmed)) continue;
    const number = Number(trimmed);
    if (Number.isNaN(number)) continue;
    if (!Number.isFinite(number)) return true;
    // An id past PostgreSQL's integer failed the query; other fields may hold long numbers
    // (a phone number searched as text).
    const field = segments[(operator === -1 ? segments.length : operator) - 1];
    if (field === 'id' && Math.abs(number) > MAX_ID) return true;
  }
  return false;
}

/** The operators the SQL adapters implement (@payloadcms/drizzle's operatorMap): `all`, `near`, `within`, `intersects` threw. */
const SQL_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
]);
/** Operators whose value the database compares as the field's own type (not as text). */
const TYPED_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
]);

type Condition = { segments: string[]; value: unknown };

/** `where` as Payload reads it: bracketed keys, or one JSON object (`where={"id":{"equals":1}}`). */
function whereConditions(url: URL): Condition[] | null {
  const conditions: Condition[] = [];
  const walk = (segments: string[], value: unknown) => {
    if (isPlainObject(value)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) walk([...segments, key], inner);
    } else if (Array.isArray(value)) {
      value.forEach((inner, index) => walk([...segments, String(index)], inner));
    } else conditions.push({ segments, value });
  };
  for (const [key, value] of url.searchParams) {
    if (key === 'where') {
      if (value === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return null;
      }
      if (!isPlainObject(parsed)) return null;
      walk([], parsed);
    } else if (key.startsWith('where[')) {
      conditions.push({ segments: [...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!), value });
    }
  }
  return conditions;
}

/** What the database stores a field as: PostgreSQL refuses a value of another kind (a 500). */
type FieldKind = 'id' | 'number' | 'date' | 'other' | { options: string[] };

function kindOf(sanitized: SanitizedConfig, collection: SanitizedCollectionConfig, path: string): FieldKind {
  const [name, ...deeper] = path.replace(/^version\./, '').split('.');
  if (name === 'id' || (path === 'parent' && collection.versions)) return hasNumericIds(collection) ? 'id' : 'other';
  const field = collection.flattenedFields.find((f) => f.name === name);
  if (!field) return 'other';
  if (deeper.length > 0) {
    // `tour.id` or `tour.departureDate`: the related collection's field.
    if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
      const related = sanitized.collections.find((c) => c.slug === field.relationTo);
      return related ? kindOf(sanitized, related, deeper.join('.')) : 'other';
    }
    return 'other';
  }
  if (field.type === 'number') return 'number';
  if (field.type === 'date') return 'date';
  // An enum on PostgreSQL: a value outside it fails the query.
  if (field.type === 'select' || field.type === 'radio') {
    return { options: field.options.map((option) => (typeof option === 'string' ? option : option.value)) };
  }
  if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
    const related = sanitized.collections.find((c) => c.slug === field.relationTo);
    return related && hasNumericIds(related) ? 'id' : 'other';
  }
  return 'other';
}

function fits(kind: FieldKind, value: string): boolean {
  // Payload reads the word `null` as no value (the admin's filter on an empty relationship).
  if (value === 'null') return true;
  if (typeof kind === 'object') return kind.options.includes(value);
  const trimmed = value.trim();
  if (kind === 'id') return /^-?\d{1,10}$/.test(trimmed) && Math.abs(Number(trimmed)) <= MAX_ID;
  if (kind === 'number') return trimmed !== '' && Number.isFinite(Number(trimmed));
  if (kind === 'date') return trimmed !== '' && !Number.isNaN(new Date(trimmed).getTime());
  return true;
}

/** A `where` the database can run: a known operator, values of its field's kind. */
function whereIsUsable(sanitized: SanitizedConfig, collection: SanitizedCollectionConfig | undefined, url: URL) {
  const conditions = whereConditions(url);
  if (conditions === null) return false;
  for (const { segments, value } of conditions) {
    let at = 0;
    while (segments[at] === 'and' || segments[at] === 'or') at += /^\d+$/.test(segments[at + 1] ?? '') ? 2 : 1;
    const [path, operator, ...rest] = segments.slice(at);
    if (path === undefined || operator === undefined) continue;
    if (!SQL_OPERATORS.has(operator)) return false;
    if (!collection) continue;
    const kind = kindOf(sanitized, collection, path);
    // A text search in a date or a choice: PostgreSQL has no ILIKE for timestamps and enums.
    if (
      (kind === 'date' || typeof kind === 'object') &&
      (operator === 'like' || operator === 'not_like' || operator === 'contains')
    )
      return false;
    if (!TYPED_OPERATORS.has(operator)) continue;
    if (value === null || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const values =
      (operator === 'in' || operator === 'not_in') && rest.length === 0 ? String(value).split(',') : [String(value)];
    if (values.some((v) => !fits(kind, v))) return false;
  }
  return true;
}

/** `page`, `limit`, `depth` as whole numbers, once; `sort` as field names; `data` as a JSON object. */
function paramsAreUsable(url: URL): boolean {
  const params = url.searchParams;
  const whole: Record<string, RegExp> = { page: /^[1-9]\d{0,8}$/, limit: /^\d{1,7}$/, depth: /^\d{1,2}$/ };
  for (const [name, pattern] of Object.entries(whole)) {
    const values = [...params.keys()].filter((key) => key === name || key.startsWith(`${name}[`));
    if (values.length > 1 || (values[0] !== undefined && values[0] !== name)) return false;
    const value = params.get(name);
    if (value !== null && !pattern.test(value)) return false;
  }
  for (const [key, value] of params) {
    if ((key === 'sort' || /^sort\[\d*\]$/.test(key)) && value !== '') {
      if (!/^-?[A-Za-z_][\w.]*(,-?[A-Za-z_][\w.]*)*$/.test(value)) return false;
    }
    if (key === 'data' && value !== '') {
      try {
        if (!isPlainObject(JSON.parse(value))) return false;
      } catch {
        return false;
      }
    }
  }
  return true;
}

/**
 * What still uses a document, by the names staff know (collections and globals, in their language);
 * empty when it may go. Every collection keeps what a required relationship names (NOT NULL in the
 * database: the delete failed); kept content (src/collections/content-safety.ts) also what any
 * relationship, list or global names, which Payload would otherwise quietly empty.
 */
async function usesOf(
  config: SanitizedConfig,
  collection: SanitizedCollectionConfig,
  id: string,
  headers: Headers,
): Promise<string[]> {
  const kept = Boolean(collection.custom?.keptWhileUsed);
  const references = referencesTo(config, collection.slug).filter(
    (reference) => kept || (reference.kind === 'collection' && reference.required),
  );
  if (references.length === 0) return [];
  const payload = await getPayload({ config });
  const allLocales: (string | undefined)[] = config.localization ? config.localization.localeCodes : [undefined];
  const users = new Set<string>();
  for (const reference of references) {
    if (users.has(reference.slug)) continue;
    if (reference.kind === 'collection') {
      for (const locale of reference.localized ? allLocales : [undefined]) {
        const { totalDocs } = await payload.count({
          collection: reference.slug as never,
          where: { [reference.path]: { in: [Number(id)] } },
          overrideAccess: true,
          ...(locale ? { locale: locale as never } : {}),
        });
        if (totalDocs > 0) {
          users.add(reference.slug);
          break;
        }
      }
    } else {
      for (const locale of allLocales) {
        const data = await payload.findGlobal({
          slug: reference.slug as never,
          depth: 0,
          overrideAccess: true,
          ...(locale ? { locale: locale as never } : {}),
        });
        if (globalNames(data, reference.path, id)) {
          users.add(reference.slug);
          break;
        }
      }
    }
  }
  const language = staffLocale(headers);
  return [...users].map((slug) => collectionLabels[slug]?.plural[language] ?? globalLabels[slug]?.[language] ?? slug);
}

async function inUse(
  config: SanitizedConfig,
  collection: SanitizedCollectionConfig,
  id: string,
  headers: Headers,
): Promise<Response | null> {
  const users = await usesOf(config, collection, id, headers);
  return users.length > 0 ? staffError(409, 'inUseBy', headers, { uses: users.join(', ') }) : null;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request again, or a 4xx answer, after reading the body once. */
async function checkedBody(request: Request, savesDocument: boolean): Promise<Request | Response> {
  const type = request.headers.get('content-type') ?? '';
  // A document saved from any other type gets no data at all, and the operation threw.
  if (savesDocument && !/^(application\/json|multipart\/form-data)/i.test(type)) {
    if (request.headers.get('x-payload-http-method-override') !== 'GET') {
      return localizedError(415, 'invalidRequest', request.headers);
    }
  }
  if (/^application\/json/i.test(type)) {
    const text = await request.text();
    if (text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return localizedError(400, 'invalidRequest', request.headers);
      }
      if (!isPlainObject(parsed)) return localizedError(400, 'invalidRequest', request.headers);
    }
    // From its parts, not `new Request(request, …)`: in the server Next's request is a class of its
    // own, whose private state another Request cannot read (every JSON write answered 500).
    return new Request(request.url, { method: request.method, headers: request.headers, body: text });
  }
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return localizedError(400, 'invalidRequest', request.headers);
    }
    const data = form.get('_payload');
    if (typeof data === 'string') {
      try {
        if (!isPlainObject(JSON.parse(data))) return localizedError(400, 'invalidRequest', request.headers);
      } catch {
        return localizedError(400, 'invalidRequest', request.headers);
      }
    }
    return request;
  }
  // Payload reads no other body (its data stays undefined and the operation fails): only the
  // admin's long queries come as a form, with the method-override header.
  if (request.headers.get('x-payload-http-method-override') !== 'GET') {
    const text = await request.clone().text();
    if (text.trim() !== '') return localizedError(415, 'invalidRequest', request.headers);
  }
  return request;
}

/**
 * A collection or global whose REST API is switched off (`endpoints: false`, as Payload's own
 * `payload-migrations`): Payload answered every method there with a 501 that named the URL the
 * instance built internally (its listen address and port). Nothing is served there: a 404, as for
 * any other name the API does not know.
 */
function restDisabled(config: SanitizedConfig, slug: string[]): boolean {
  const [first, second] = slug;
  if (first === 'globals') return config.globals.find((g) => g.slug === second)?.endpoints === false;
  return config.collections.find((c) => c.slug === first)?.endpoints === false;
}

/** For handlers that need no other check (OPTIONS): only what is not served at all is refused. */
export function guardDisabledRest(config: Promise<SanitizedConfig>, handler: RouteHandler): RouteHandler {
  return async (request, args) => {
    const { slug = [] } = await args.params;
    if (restDisabled(await config, slug)) return localizedError(404, 'notFound', request.headers);
    return handler(request, args);
  };
}

/**
 * `read` is the API's GET handler: a DELETE of a preference first asks it whether the signed-in
 * user has that preference.
 */
export function guardRest(
  config: Promise<SanitizedConfig>,
  handler: RouteHandler,
  { read }: { read?: RouteHandler } = {},
): RouteHandler {
  const check: RouteHandler = async (incoming, args) => {
    let request = incoming;
    const { slug = [] } = await args.params;
    const [first, ...rest] = slug;
    if (slug.slice(0, 3).some((segment) => segment in Object.prototype)) {
      return localizedError(404, 'notFound', request.headers);
    }
    const sanitized = await config;
    if (restDisabled(sanitized, slug)) return localizedError(404, 'notFound', request.headers);
    let url = new URL(request.url);
    // The admin's long queries (relationship fields) come as a POST whose form body Payload
    // appends to the URL as the query (handleEndpoints): checked like any other query.
    const override =
      request.headers.get('x-payload-http-method-override') ?? request.headers.get('x-http-method-override');
    if (
      request.method === 'POST' &&
      override === 'GET' &&
      request.headers.get('content-type') === 'application/x-www-form-urlencoded'
    ) {
      const text = await request.text();
      url = new URL(`${request.url}?${text}`);
      request = new Request(request.url, { method: request.method, headers: request.headers, body: text });
    }
    const collection = sanitized.collections.find((c) => c.slug === first);
    if (hasUnusableWhere(url) || !paramsAreUsable(url) || !whereIsUsable(sanitized, collection, url)) {
      return localizedError(400, 'invalidRequest', request.headers);
    }
    if (collection) {
      if (rest[0] !== undefined && AUTH_ROUTES.has(rest[0]) && !collection.auth) {
        return localizedError(404, 'notFound', request.headers);
      }
      if (rest[0] === 'versions' && !collection.versions) return localizedError(404, 'notFound', request.headers);
      if (rest[0] === 'file' && (rest.length !== 2 || !rest[1])) {
        return localizedError(404, 'notFound', request.headers);
      }
      if (hasNumericIds(collection) && idsInPath(collection, request.method, rest).some((id) => !isId(id))) {
        return localizedError(404, 'notFound', request.headers);
      }
      if (rest[0] === 'verify' && (!collection.auth || !collection.auth.verify)) {
        return localizedError(404, 'notFound', request.headers);
      }
      if (
        rest[0] === 'file' &&
        rest.length === 2 &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        collection.upload?.staticDir &&
        !collection.upload.handlers?.length
      ) {
        const dir = path.resolve(collection.upload.staticDir);
        const file = path.resolve(dir, rest[1]!);
        // A name outside the folder, or naming a sub-folder, is no file of ours either.
        const inside = file.startsWith(dir + path.sep) && !/[/\\]/.test(rest[1]!);
        if (!inside || !(await stat(file).catch(() => null))?.isFile()) {
          return localizedError(404, 'notFound', request.headers);
        }
      }
    }
    if (first === 'globals' && rest[1] === 'versions') {
      const global = sanitized.globals.find((g) => g.slug === rest[0]);
      if (!global?.versions || (rest.length > 2 && !isId(rest[2]))) {
        return localizedError(404, 'notFound', request.headers);
      }
    }
    // Content goes one document at a time (collections marked by Payload's own flags): a
    // `where` naming every page, tour or boarding point deleted or blanked them all in one request.
    if (
      collection &&
      rest.length === 0 &&
      ((request.method === 'DELETE' && collection.disableBulkDelete) ||
        (request.method === 'PATCH' && collection.disableBulkEdit))
    ) {
      return staffError(403, 'oneAtATime', request.headers);
    }
    if (collection && request.method === 'DELETE' && rest.length === 1 && isId(rest[0])) {
      const refused = await inUse(sanitized, collection, rest[0]!, request.headers);
      if (refused) return refused;
    }
    // A bulk delete (the admin's list) of such documents: on PostgreSQL the refused row aborted
    // Payload's whole transaction, a 500. The documents it names are asked for first.
    if (
      collection &&
      read &&
      request.method === 'DELETE' &&
      rest.length === 0 &&
      referencesTo(sanitized, collection.slug).some(
        (reference) => reference.kind === 'collection' && reference.required,
      )
    ) {
      const url = new URL(request.url);
      url.searchParams.set('depth', '0');
      url.searchParams.set('pagination', 'false');
      const found = await read(new Request(url, { headers: request.headers }), args);
      const docs = found.ok ? ((await found.json()) as { docs?: { id?: unknown }[] }).docs : undefined;
      for (const doc of docs ?? []) {
        if (!isId(String(doc.id))) continue;
        const refused = await inUse(sanitized, collection, String(doc.id), request.headers);
        if (refused) return refused;
      }
    }
    if (read && request.method === 'DELETE' && first === 'payload-preferences' && rest.length === 1) {
      const found = await read(new Request(request.url, { headers: request.headers }), args);
      const preference = found.ok ? ((await found.json()) as { id?: unknown }) : null;
      if (found.ok && preference?.id === undefined) return localizedError(404, 'notFound', request.headers);
    }
    if (WITH_BODY.has(request.method)) {
      const savesDocument = collection
        ? rest.length === 0 || (rest.length === 1 && isId(rest[0]))
        : first === 'globals' && rest.length === 1;
      const checked = await checkedBody(request, savesDocument);
      if (checked instanceof Response) return checked;
      return handler(checked, args);
    }
    return handler(request, args);
  };
  return async (request, args) => {
    const { slug = [] } = await args.params;
    if (request.method !== 'POST' || slug.length !== 2 || slug[1] !== 'forgot-password') return check(request, args);
    // A reset for a known address writes its token and queues the e-mail; for an unknown one
    // Payload answered at once, telling which addresses have accounts (issue 42, as decision 047
    // for logins). Every answer now takes the same floor, well above what the real work takes.
    const started = performance.now();
    const response = await check(request, args);
    const wait = FORGOT_PASSWORD_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return response;
  };
}

/** How long every password-reset request takes, whether or not its address has an account. */
export const FORGOT_PASSWORD_FLOOR_MS = 600;
