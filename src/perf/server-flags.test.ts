import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('every launcher of the production server bounds its memory', () => {
  it('npm run serve passes the flags literally', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.serve).toBe(`${env.join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/server.mjs`);
  });

  it.each(['scripts/start.mjs', 'scripts/e2e-server.mjs', 'scripts/bench.mjs'])('%s spawns it with them', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    expect(source).toMatch(
      /spawn\(\s*process\.execPath,\s*\[\.\.\.SERVER_NODE_FLAGS, path\.join\(root, 'scripts', 'server\.mjs'\)/,
    );
    expect(source).toContain('env: { ...SERVER_ENV, ');
  });
});
