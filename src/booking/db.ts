import type { Payload } from 'payload';

import { isSqliteWrite, processWriteQueue } from '../lib/sqlite-busy-timeout';

/**
 * The ticket shop's raw SQL access, the same on SQLite and PostgreSQL.
 *
 * Seats are taken and released with single conditional UPDATEs whose affected-row count is the
 * answer (docs/domain-rules.md#no-overselling, #holds; docs/decisions/010-seat-holds.md). Payload's local API
 * cannot express "add n where sold + held + n <= capacity", so the shop talks to the adapter's
 * own connection: the pg Pool on PostgreSQL, the libsql client on SQLite. Queries are written
 * with `?` placeholders; PostgreSQL gets them renumbered as $1, $2…
 *
 * No 'server-only' import: payload.config's hooks and jobs load this module, and the payload CLI
 * (migrate, generate:types, seed) evaluates that config outside Next, where the marker throws.
 * Nothing here is reachable from a client component.
 */

export type Row = Record<string, unknown>;
export type Param = string | number | boolean | null;
export type QueryResult = { rows: Row[]; rowsAffected: number };

export interface Tx {
  query(sql: string, params?: readonly Param[]): Promise<QueryResult>;
}

export interface ShopDb extends Tx {
  kind: 'sqlite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while no shop transaction of this process is open (SQLite only; PostgreSQL runs it
   * at once). For Payload writes that follow a shop change (e-mail log, jobs queue): on SQLite,
   * Payload's own write transaction on another connection would otherwise make a concurrent
   * shop transaction's COMMIT fail with SQLITE_BUSY. `fn` must not open a shop transaction.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

type PgClient = {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
  release(error?: Error | boolean): void;
};
type PgPool = { connect(): Promise<PgClient>; query: PgClient['query'] };

type LibsqlResult = { rows: ArrayLike<Row>; rowsAffected: number; columns: string[] };
type LibsqlTx = {
  execute(stmt: { sql: string; args: unknown[] }): Promise<LibsqlResult>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): void;
};
type LibsqlClient = {
  execute(stmt: { sql: string; args: unknown[] } | string): Promise<LibsqlResult>;
  transaction(mode: 'write'): Promise<LibsqlTx>;
};

function toPg(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function sqliteArgs(params: readonly Param[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

function plainRows(result: LibsqlResult): Row[] {
  // libsql rows are array-like objects that also carry the columns by name; copy to plain objects.
  return Array.from(result.rows, (row) => Object.fromEntries(result.columns.map((c) => [c, row[c]])));
}

/**
 * Writes to `departures` (seats taken or released, a status or capacity changed) this process has
 * made: a reader that remembers seats for a moment (the calendar, availability.ts) compares this
 * count to know its answer is still what the database says. Counted when a statement outside a
 * transaction returns, and when a transaction that wrote commits (before, other readers cannot see
 * the write yet, and would remember the old seats under the new count).
 */
let departureWrites = 0;
const WRITES_DEPARTURES = /^\s*(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+departures\b/i;

export function departureWriteCount(): number {
  return departureWrites;
}

/** `db`, counting its writes to `departures` (both databases: one place for the rule above). */
function countingDepartureWrites(db: ShopDb): ShopDb {
  return {
    ...db,
    async query(sql, params) {
      const result = await db.query(sql, params);
      if (WRITES_DEPARTURES.test(sql)) departureWrites++;
      return result;
    },
    async transaction(fn) {
      let wroteDepartures = false;
      // Resolves once the transaction has committed; a rollback throws, and nothing is counted.
      const result = await db.transaction((tx) =>
        fn({
          query(sql, params) {
            wroteDepartures ||= WRITES_DEPARTURES.test(sql);
            return tx.query(sql, params);
          },
        }),
      );
      if (wroteDepartures) departureWrites++;
      return result;
    },
  };
}

type CommitHook = (tx: Tx) => Promise<void>;
const commitHooks = new WeakMap<Tx, Map<string, CommitHook>>();

/**
 * Runs `hook` with `tx` once the transaction's own work is done, just before it commits; one hook
 * per `key` (registering a key again keeps the first). A hook that throws is rolled back to a
 * savepoint and the transaction still commits: what it does must be reconcilable afterwards
 * (invoicing's sweep issues what a failed hook did not). Outside a `shopDb` transaction the hook
 * never runs, so only call it with the `tx` a transaction handed you.
 */
export function beforeCommit(tx: Tx, key: string, hook: CommitHook): void {
  const hooks = commitHooks.get(tx);
  if (hooks && !hooks.has(key)) hooks.set(key, hook);
}

/** What a hook that failed leaves behind; a logger is not imported here (db.ts is loaded by the CLI). */
export type CommitHookFailure = { key: string; error: unknown };
const hookFailureListeners = new Set<(failure: CommitHookFailure) => void>();
export function onCommitHookFailure(listener: (failure: CommitHookFailure) => void): () => void {
  hookFailureListeners.add(listener);
  return () => hookFailureListeners.delete(listener);
}

async function runCommitHooks(tx: Tx): Promise<void> {
  const hooks = commitHooks.get(tx);
  if (!hooks) return;
  const done = new Set<string>();
  // A hook may register another (a listener that causes more work): run until none is left.
  for (let pending = [...hooks].filter(([k]) => !done.has(k)); pending.length > 0;) {
    for (const [key, hook] of pending) {
      done.add(key);
      await tx.query('SAVEPOINT commit_hook');
      try {
        await hook(tx);
        await tx.query('RELEASE SAVEPOINT commit_hook');
      } catch (error) {
        await tx.query('ROLLBACK TO SAVEPOINT commit_hook');
        await tx.query('RELEASE SAVEPOINT commit_hook');
        for (const listener of hookFailureListeners) listener({ key, error });
      }
    }
    pending = [...hooks].filter(([k]) => !done.has(k));
  }
}

/** `db`, whose transactions run their `beforeCommit` hooks (both databases: one place). */
function withCommitHooks(db: ShopDb): ShopDb {
  return {
    ...db,
    transaction(fn) {
      return db.transaction(async (inner) => {
        const tx: Tx = { query: (sql, params) => inner.query(sql, params) };
        commitHooks.set(tx, new Map());
        const result = await fn(tx);
        await runCommitHooks(tx);
        return result;
      });
    },
  };
}

function sqliteDb(client: LibsqlClient): ShopDb {
  // This process's writes one at a time (sqlite-busy-timeout.ts says why).
  const queued = processWriteQueue();
  const run = async (target: Pick<LibsqlClient, 'execute'>, sql: string, params: readonly Param[] = []) => {
    const result = await target.execute({ sql, args: sqliteArgs(params) });
    return { rows: plainRows(result), rowsAffected: result.rowsAffected };
  };
  return {
    kind: 'sqlite',
    query: (sql, params) => (isSqliteWrite(sql) ? queued(() => run(client, sql, params)) : run(client, sql, params)),
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return queued(async () => {
        // BEGIN IMMEDIATE: the write lock is taken up front, waiting for another process's.
        const tx = await client.transaction('write');
        try {
          const result = await fn({ query: (sql, params) => run(tx, sql, params) });
          await tx.commit();
          return result;
        } catch (error) {
          await tx.rollback().catch(() => {});
          throw error;
        } finally {
          tx.close();
        }
      });
    },
    exclusive: queued,
  };
}

/**
 * PostgreSQL text cannot hold U+0000, and a parameter containing one fails the whole query (a 500
 * for a reference typed in a URL). No stored value can contain it, so U+FFFD in its place gives
 * the same answer SQLite gives: no match on a read, and text PostgreSQL can keep on a write.
 */
function pgParam(value: Param): Param {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

function postgresDb(pool: PgPool): ShopDb {
  const run = async (target: Pick<PgClient, 'query'>, sql: string, params: readonly Param[] = []) => {
    const result = await target.query(toPg(sql), params.map(pgParam));
    return { rows: result.rows, rowsAffected: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    exclusive: (fn) => fn(),
  };
}

const instances = new WeakMap<object, ShopDb>();

export function shopDb(payload: Payload): ShopDb {
  const adapter = payload.db as unknown as { name: string; pool?: PgPool; client?: LibsqlClient };
  let db = instances.get(adapter);
  if (!db) {
    if (adapter.name === 'postgres' && adapter.pool)
      db = withCommitHooks(countingDepartureWrites(postgresDb(adapter.pool)));
    else if (adapter.name === 'sqlite' && adapter.client)
      db = withCommitHooks(countingDepartureWrites(sqliteDb(adapter.client)));
    else throw new Error(`The ticket shop does not support the ${adapter.name} database adapter`);
    instances.set(adapter, db);
  }
  return db;
}

// ---------------------------------------------------------------------------------------------
// Reading values back: PostgreSQL returns numeric columns as strings and timestamps as Dates,
// SQLite returns numbers and ISO text.

export function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new TypeError(`Expected a number from the database, got ${String(value)}`);
  return n;
}

export function optNum(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

export function date(value: unknown): Date {
  const d = value instanceof Date ? value : new Date(String(value));
  if (!Number.isFinite(d.getTime())) throw new TypeError(`Expected a timestamp from the database`);
  return d;
}

export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Timestamps go in as ISO strings: SQLite stores Payload dates as that text, pg casts it. */
export function iso(d: Date): string {
  return d.toISOString();
}

/** A column list (`"id, tour_id, …"`) with each column qualified by a table alias: `"d.id, d.tour_id, …"`. */
export function qualified(columns: string, alias: string): string {
  return columns
    .split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');
}
