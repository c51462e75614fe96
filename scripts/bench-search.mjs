// npm run bench:search — the booking search on 100,000 bookings, on a throwaway SQLite file and a
// throwaway PostgreSQL database (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres).
// Prints a table of median and worst times per typical query; both databases are removed after.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const payload = path.join(root, 'node_modules', '.bin', 'payload');
const pgAdmin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `bench_search_${process.pid}`;
const only = process.argv.slice(2).find((a) => a === 'sqlite' || a === 'postgres');

function run(url) {
  const result = spawnSync(payload, ['run', 'scripts/bench-search.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, JOBS_AUTORUN: '0', LOG_LEVEL: 'warn' },
  });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}

if (only !== 'postgres') {
  mkdirSync(path.join(root, 'var'), { recursive: true });
  const file = path.join(root, 'var', `${scratch}.db`);
  try {
    run(`file:${file}`);
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  }
}
if (only !== 'sqlite') {
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  try {
    const url = new URL(pgAdmin);
    url.pathname = `/${scratch}`;
    run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}
