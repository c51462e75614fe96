import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { variableNames } from './lib/env';

/**
 * The README and the guides in docs/ say what to click, type and set; this keeps them true as the
 * code moves (docs/decisions/174-a-front-door-and-a-guide-per-reader.md): every relative link and
 * anchor resolves, every command names a script or file that exists, and docs/configuration.md
 * lists exactly the variables src/lib/env.ts reads.
 */

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** README.md and the guides: what a reader follows today. */
const guides = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Decision records keep the paths of their day, but their links must still lead somewhere. */
const records = readdirSync(path.join(root, 'docs', 'decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/decisions/${name}`);

/** Text outside fenced code blocks (links there are examples, not links). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Everything a reader may copy: inline code and fenced blocks. */
function code(text: string): string[] {
  const blocks = [...text.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1/gm)].map((m) => m[2]!);
  const spans = [...prose(text).matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!);
  return [...blocks, ...spans];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(id!);
  return result;
}

/** Every relative link (markdown or an HTML src/href) that names no file, or no heading in it. */
function linkProblems(file: string, text: string, readTarget = read): string[] {
  // Code spans show markup (`<script src="/_next/static/…">`); they link nothing.
  const body = prose(text).replace(/(`+)[^`]+?\1/g, '');
  const targets = [
    ...[...body.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...body.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const problems: string[] = [];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#') as [string, string | undefined];
    const resolved = pathPart ? path.normalize(path.join(path.dirname(file), decodeURI(pathPart))) : file;
    if (pathPart && !existsSync(path.join(root, resolved))) {
      problems.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md')) continue;
    const targetText = resolved === file ? text : readTarget(resolved);
    if (!anchors(targetText).has(anchor)) problems.push(`${file}: ${target} (no heading #${anchor})`);
  }
  return problems;
}

const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** A path into the repository, as commands and prose name them. */
const repoPath = /(?<=^|[\s`("'=[])(?:src|scripts|tests|deploy|docs|\.ci)\/[\w.@/+-]*[\w/]/g;

/** Every `npm run X` that is not a script, every `npx X` not installed, every path not in the repository. */
function commandProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const snippet of code(text)) {
    for (const [, name] of snippet.matchAll(/\bnpm run ([\w:.-]+)/g)) {
      if (!scripts.includes(name!)) problems.push(`${file}: npm run ${name} (no such script in package.json)`);
    }
    for (const [, bin] of snippet.matchAll(/\bnpx ([\w@./-]+)/g)) {
      if (!existsSync(path.join(root, 'node_modules', '.bin', bin!)))
        problems.push(`${file}: npx ${bin} (not installed by npm install)`);
    }
  }
  for (const [found] of text.matchAll(repoPath)) {
    const candidate = found.replace(/[.)]+$/, '');
    // Patterns and placeholders (`src/migrations/{sqlite,postgres}/`, `tests/e2e/<spec>`) name no one file.
    if (/[…{}<>*$]/.test(candidate)) continue;
    if (!existsSync(path.join(root, candidate))) problems.push(`${file}: ${candidate} (no such path)`);
  }
  return problems;
}

/** The variables a table's first column names, per `## ` section of a guide. */
function tableVariables(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1]!;
    const cell = /^\|([^|]+)\|/.exec(line)?.[1];
    if (!cell || /^[\s:-]+$/.test(cell)) continue;
    const names = [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
    sections.set(section, [...(sections.get(section) ?? []), ...names]);
  }
  return sections;
}

/** The repository's scripts, tests and tool configuration: where every other variable is read. */
function toolingSource(): string {
  const files: string[] = ['next.config.ts', 'playwright.config.ts', 'vitest.config.ts'];
  for (const dir of ['scripts', 'tests']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(m?[jt]s|tsx)$/.test(entry.name))
        files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  return files
    .filter((f) => statSync(path.join(root, f), { throwIfNoEntry: false }))
    .map(read)
    .join('\n');
}

describe('the README and the guides', () => {
  it('the README is a front door: at most 200 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('every relative link leads to a file, and every anchor to a heading in it', () => {
    expect([...guides, ...records].flatMap((file) => linkProblems(file, read(file)))).toEqual([]);
  });

  it('every command shown names a script, an installed tool and paths that exist', () => {
    expect(guides.flatMap((file) => commandProblems(file, read(file)))).toEqual([]);
  });

  it('docs/configuration.md lists exactly the variables src/lib/env.ts reads; the others are read by the tooling', () => {
    const sections = tableVariables(read('docs/configuration.md'));
    const application = [...sections].filter(([name]) => name.startsWith('The application')).flatMap(([, v]) => v);
    expect([...new Set(application)].sort()).toEqual([...variableNames].sort());
    const tooling = toolingSource();
    const others = [...sections].filter(([name]) => !name.startsWith('The application')).flatMap(([, v]) => v);
    expect(others.filter((name) => variableNames.includes(name) || !new RegExp(`\\b${name}\\b`).test(tooling))).toEqual(
      [],
    );
  });

  it('.env.example names every variable of the application and the launcher, and nothing else', () => {
    const example = read('.env.example');
    const launcher =
      tableVariables(read('docs/configuration.md')).get('The launcher (`npm start`, `npm run serve`)') ?? [];
    expect(launcher.length).toBeGreaterThan(0);
    const known = [...variableNames, ...launcher];
    expect(known.filter((name) => !new RegExp(`\\b${name}\\b`).test(example))).toEqual([]);
    const assigned = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(assigned.filter((name) => !known.includes(name))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a link to a missing file or heading, a missing script or path', () => {
    const text = [
      '# Guide',
      '## Going live',
      'See [config](configuration.md), [gone](gone.md), [live](#going-live), [nowhere](#nowhere).',
      '[env](configuration.md#the-launcher-npm-start-npm-run-serve) and [bad](configuration.md#no-such).',
      '```sh',
      'npm run bench && npm run no-such-script && node scripts/no-such.mjs && npx no-such-tool',
      '[not a link](gone-too.md)',
      '```',
    ].join('\n');
    expect(linkProblems('docs/example.md', text)).toEqual([
      'docs/example.md: gone.md (no such file)',
      'docs/example.md: #nowhere (no heading #nowhere)',
      'docs/example.md: configuration.md#no-such (no heading #no-such)',
    ]);
    expect(commandProblems('docs/example.md', text)).toEqual([
      'docs/example.md: npm run no-such-script (no such script in package.json)',
      'docs/example.md: npx no-such-tool (not installed by npm install)',
      'docs/example.md: scripts/no-such.mjs (no such path)',
    ]);
  });

  it('make anchors as GitHub does', () => {
    expect(slug('Staff API (`/api/ops/…`)')).toBe('staff-api-apiops');
    expect(slug('For the accountant: invoices and the AEAT (VERI*FACTU)')).toBe(
      'for-the-accountant-invoices-and-the-aeat-verifactu',
    );
    expect(slug('Test mode and going live')).toBe('test-mode-and-going-live');
  });
});
