import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a write on SQLite waits for another process's write (the site's other instance, its
 * jobs, a CLI beside it) to finish before failing with SQLITE_BUSY.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

type LibsqlClient = {
  execute(sql: string): Promise<unknown>;
  transaction(...args: never[]): Promise<unknown>;
};

const kept = new WeakSet<object>();

/**
 * SQLite's busy timeout belongs to a connection, and libsql's client hands its connection to each
 * transaction it opens and opens a fresh one, with no timeout (SQLite's default: fail at once),
 * for whatever comes next. Payload's adapter sets the timeout once, at connect: after the first
 * transaction every plain write (and every later transaction's BEGIN) of the process failed with
 * SQLITE_BUSY the moment another process held the write lock, instead of waiting its turn. Two
 * instances confirming payments on one file lost notifications that way on a loaded machine.
 *
 * Here every connection the client opens gets the timeout before anything runs on it: the current
 * one now, each replacement as soon as a transaction has taken its predecessor. Idempotent.
 */
export async function keepSqliteBusyTimeout(client: LibsqlClient): Promise<void> {
  if (kept.has(client)) return;
  kept.add(client);
  const setTimeoutOnCurrentConnection = () => client.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: never[]) => {
    // Both run synchronously up to their first await (libsql's statements are synchronous): the
    // transaction takes the connection, and the pragma opens its replacement and sets the timeout
    // on it before any other statement of this process can reach it. A pragma cannot fail on an
    // open client; should it, the transaction is still the caller's to finish.
    const opened = transaction(...args);
    setTimeoutOnCurrentConnection().catch(() => {});
    return opened;
  };
  await setTimeoutOnCurrentConnection();
}

/**
 * Statements that may take SQLite's write lock (reads never wait for it in WAL mode). Everything
 * but a plain SELECT counts: a write missed here (a `WITH … UPDATE`, one after a comment) would
 * bring back the self-wait below, while a read queued by mistake only waits its turn.
 */
export function isSqliteWrite(sql: string): boolean {
  return !/^\s*SELECT\b/i.test(sql);
}

/**
 * One process's SQLite writes, one at a time. libsql runs statements synchronously on the event
 * loop and every connection waits for the write lock (above): a write of this process overlapping
 * a transaction of this process would block the thread in SQLite's busy wait while the
 * transaction, which needs that thread to finish, never can. SQLite has a single writer anyway, so
 * the shop queues its own writes: transactions, plain writes (a hold's clean-up after its
 * transaction) and the work it runs `exclusive`. Inside the queue (a transaction's or an
 * exclusive's callback reaching for a plain write) nothing queues again: it would wait for itself.
 */
export function processWriteQueue(): <T>(fn: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  const inQueue = new AsyncLocalStorage<true>();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    if (inQueue.getStore()) return fn();
    const next = queue.then(() => inQueue.run(true, fn));
    queue = next.catch(() => {});
    return next;
  };
}
