// Schema changes need a migration for BOTH adapters (SQLite embedded, PostgreSQL in production).
// This generates the pair from the current Payload config against throwaway databases.
//   npm run db:migrate:create -- add-departures
import { spawnSync } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const name = process.argv.slice(2).find((arg) => arg !== '--');
if (!name || !/^[a-z0-9-]+$/.test(name)) {
  console.error('Usage: npm run db:migrate:create -- <name-in-kebab-case>');
  process.exit(2);
}
const payload = path.join(root, 'node_modules', '.bin', 'payload');
const pgAdmin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `migrate_gen_${process.pid}`;

function sh(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

mkdirSync(path.join(root, 'var'), { recursive: true });
const sqliteFile = path.join(root, 'var', `${scratch}.db`);
// Migrate the scratch database to the latest committed state, then diff the config against it.
sh(payload, ['migrate'], { DATABASE_URL: `file:${sqliteFile}` });
sh(payload, ['migrate:create', name], { DATABASE_URL: `file:${sqliteFile}` });
rmSync(sqliteFile, { force: true });

const pg = await import('pg');
const admin = new pg.default.Client({ connectionString: pgAdmin });
await admin.connect();
await admin.query(`create database ${scratch}`);
try {
  const url = new URL(pgAdmin);
  url.pathname = `/${scratch}`;
  sh(payload, ['migrate'], { DATABASE_URL: url.toString() });
  sh(payload, ['migrate:create', name], { DATABASE_URL: url.toString() });
} finally {
  await admin.query(`drop database if exists ${scratch} with (force)`);
  await admin.end();
}
