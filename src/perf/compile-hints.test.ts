import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { addCompileHints, COMPILE_HINT, publicFirstLoadScripts } from './compile-hints.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const code = (name: string) => `(globalThis.TURBOPACK||=[]).push(["${name}",${'function(){return 1},'.repeat(200)}]);`;

/** A build directory shaped like Next's: build manifest, client-reference manifests, chunks. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  dirs.push(dist);
  const chunks = path.join(dist, 'static', 'chunks');
  mkdirSync(chunks, { recursive: true });
  for (const name of ['framework', 'runtime', 'layout', 'page', 'admin']) {
    writeFileSync(path.join(chunks, `${name}.js`), code(name));
  }
  writeFileSync(path.join(chunks, 'tiny.js'), 'void 0;');
  writeFileSync(path.join(chunks, 'styles.css'), 'body{}');
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'] }),
  );
  const manifest = (dir: string, route: string, entryJSFiles: Record<string, string[]>) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'page_client-reference-manifest.js'),
      `globalThis.__RSC_MANIFEST=(globalThis.__RSC_MANIFEST||{});globalThis.__RSC_MANIFEST[${JSON.stringify(route)}]=${JSON.stringify({ entryJSFiles })};`,
    );
  };
  manifest(path.join(dist, 'server', 'app', '(site)', '[locale]', 'contacto'), '/(site)/[locale]/contacto/page', {
    '[project]/src/app/(site)/[locale]/layout': ['static/chunks/layout.js', 'static/chunks/styles.css'],
    '[project]/src/app/(site)/[locale]/contacto/page': [
      'static/chunks/layout.js',
      'static/chunks/page.js',
      'static/chunks/tiny.js',
    ],
  });
  manifest(path.join(dist, 'server', 'app', '(payload)', 'admin'), '/(payload)/admin/page', {
    '[project]/src/app/(payload)/admin/page': ['static/chunks/admin.js'],
  });
  return { dist, read: (name: string) => readFileSync(path.join(chunks, `${name}.js`), 'utf8') };
}

describe('compile hints', () => {
  it("lists the framework's scripts and the site pages' client scripts, not the back office's", () => {
    const { dist } = fakeBuild();
    expect(publicFirstLoadScripts(dist)).toEqual([
      'static/chunks/framework.js',
      'static/chunks/layout.js',
      'static/chunks/page.js',
      'static/chunks/runtime.js',
      'static/chunks/tiny.js',
    ]);
  });

  it('starts each of them with the hint once, leaving tiny files and the rest as they were', () => {
    const { dist, read } = fakeBuild();
    expect(addCompileHints(dist)).toHaveLength(4);
    for (const name of ['framework', 'runtime', 'layout', 'page']) {
      expect(read(name)).toBe(COMPILE_HINT + code(name));
    }
    expect(read('admin')).toBe(code('admin'));
    expect(read('tiny')).toBe('void 0;');
    expect(addCompileHints(dist)).toEqual([]);
    expect(read('page')).toBe(COMPILE_HINT + code('page'));
  });
});
