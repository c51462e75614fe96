import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { dedupeServerChunks } from './server-chunk-dedupe.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A Turbopack server chunk: module ids and factories, then the comment naming its own map. */
const chunk = (body: string, name: string) =>
  `module.exports=[1,(a)=>{a.v(${JSON.stringify(body)})},2,(a)=>{a.v(globalThis.loads=(globalThis.loads??0)+1)}];\n\n//# sourceMappingURL=${name}.map`;

function fakeBuild(files: Record<string, string>) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'server-chunks-'));
  dirs.push(dist);
  for (const [name, source] of Object.entries(files)) {
    const file = path.join(dist, 'server', 'chunks', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const file = (name: string) => path.join(dist, 'server', 'chunks', name);
  return { dist, file, read: (name: string) => readFileSync(file(name), 'utf8') };
}

describe('one copy of each server chunk', () => {
  it('turns copies that differ only in their source-map comment into re-exports of the first', () => {
    const build = fakeBuild({
      '_b._.js': chunk('payload', '_b._.js'),
      '_a._.js': chunk('payload', '_a._.js'),
      'ssr/_c._.js': chunk('payload', '_c._.js'),
      '_d._.js': chunk('something else', '_d._.js'),
      '[turbopack]_runtime.js': 'var RUNTIME_PUBLIC_PATH = "server/chunks/"; module.exports = () => {};',
    });
    const { files, bytes } = dedupeServerChunks(build.dist);

    expect(files).toBe(2);
    expect(bytes).toBe(Buffer.byteLength(chunk('payload', '_b._.js')) + Buffer.byteLength(chunk('payload', '_c._.js')));
    // The first in path order keeps the code; the others point at it, from their own folders.
    expect(build.read('_a._.js')).toBe(chunk('payload', '_a._.js'));
    expect(build.read('_b._.js')).toBe('module.exports=require("./_a._.js");\n');
    expect(build.read('ssr/_c._.js')).toBe('module.exports=require("../_a._.js");\n');
    // A different chunk and the runtime (not a chunk of modules) are left as they were.
    expect(build.read('_d._.js')).toBe(chunk('something else', '_d._.js'));
    expect(build.read('[turbopack]_runtime.js')).toContain('RUNTIME_PUBLIC_PATH');
  });

  it('gives the runtime the same module list from every name, loaded once', () => {
    const build = fakeBuild({
      '_a._.js': chunk('payload', '_a._.js'),
      '_b._.js': chunk('payload', '_b._.js'),
      'ssr/_c._.js': chunk('payload', '_c._.js'),
    });
    dedupeServerChunks(build.dist);
    const load = createRequire(import.meta.url);
    const [a, b, c] = ['_a._.js', '_b._.js', 'ssr/_c._.js'].map((name) => load(build.file(name)) as unknown[]);
    expect(a).toHaveLength(4);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('leaves a build without copies, or one already deduplicated, unchanged', () => {
    const build = fakeBuild({
      '_a._.js': chunk('payload', '_a._.js'),
      '_b._.js': chunk('payload', '_b._.js'),
      '_d._.js': chunk('other', '_d._.js'),
    });
    expect(dedupeServerChunks(build.dist).files).toBe(1);
    const after = ['_a._.js', '_b._.js', '_d._.js'].map(build.read);
    expect(dedupeServerChunks(build.dist)).toEqual({ files: 0, bytes: 0 });
    expect(['_a._.js', '_b._.js', '_d._.js'].map(build.read)).toEqual(after);
  });
});
