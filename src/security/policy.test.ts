import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { actions, can, isRole, roles, rolesFor, type Action, type Role } from './policy';

const admin = { role: 'admin' };
const office = { role: 'office' };
const crew = { role: 'crew' };

// 10:00 in Madrid on 26 November; 23:30 UTC on the 26th is already the 27th in Madrid.
const morning = new Date('2026-11-26T09:00:00Z');
const lateEvening = new Date('2026-11-26T23:30:00Z');

/** role × action: what DESIGN's staff roles say, action by action. */
const table: Record<Action, Record<Role, boolean>> = {
  'boarding.scan': { admin: true, office: true, crew: true, partner: false },
  'manifest.read': { admin: true, office: true, crew: true, partner: false },
  'today.read': { admin: true, office: true, crew: true, partner: false },
  'settings.read': { admin: true, office: true, crew: true, partner: false },
  'booking.read': { admin: true, office: true, crew: false, partner: false },
  'booking.sell': { admin: true, office: true, crew: false, partner: false },
  'booking.correct': { admin: true, office: true, crew: false, partner: false },
  'booking.cancel': { admin: true, office: true, crew: false, partner: false },
  'booking.move': { admin: true, office: true, crew: false, partner: false },
  'booking.refund': { admin: true, office: true, crew: false, partner: false },
  'booking.resolveDisruption': { admin: true, office: true, crew: false, partner: false },
  'booking.sendLink': { admin: true, office: true, crew: false, partner: false },
  'booking.anonymise': { admin: true, office: true, crew: false, partner: false },
  'departure.read': { admin: true, office: true, crew: false, partner: false },
  'departure.manage': { admin: true, office: true, crew: false, partner: false },
  'settings.manage': { admin: true, office: true, crew: false, partner: false },
  'cashUp.read': { admin: true, office: true, crew: false, partner: false },
  'till.close': { admin: true, office: true, crew: false, partner: false },
  'audit.office': { admin: true, office: true, crew: false, partner: false },
  'reports.read': { admin: true, office: true, crew: false, partner: false },
  'invoices.read': { admin: true, office: true, crew: false, partner: false },
  'invoices.correct': { admin: true, office: false, crew: false, partner: false },
  'resellers.read': { admin: true, office: true, crew: false, partner: false },
  'resellers.manage': { admin: true, office: false, crew: false, partner: false },
  'partners.read': { admin: true, office: true, crew: false, partner: false },
  'partners.manage': { admin: true, office: false, crew: false, partner: false },
  'admissions.check': { admin: true, office: false, crew: false, partner: true },
  'content.manage': { admin: true, office: true, crew: false, partner: false },
  'content.delete': { admin: true, office: false, crew: false, partner: false },
  'redirects.allowHosts': { admin: true, office: false, crew: false, partner: false },
  'requests.manage': { admin: true, office: true, crew: false, partner: false },
  'mail.read': { admin: true, office: true, crew: false, partner: false },
  'users.manage': { admin: true, office: false, crew: false, partner: false },
  'audit.read': { admin: true, office: false, crew: false, partner: false },
  'records.delete': { admin: true, office: false, crew: false, partner: false },
};

describe('the staff policy', () => {
  it('has a row for every action, and no row for an action it does not know', () => {
    expect(Object.keys(table).sort()).toEqual([...actions].sort());
  });

  for (const action of Object.keys(table) as Action[]) {
    for (const role of roles) {
      it(`${role} ${table[action][role] ? 'may' : 'may not'} ${action}`, () => {
        expect(can({ role }, action, undefined, morning)).toBe(table[action][role]);
        expect(rolesFor(action).includes(role)).toBe(table[action][role]);
      });
    }
  }

  it('admin may do everything', () => {
    for (const action of actions) expect(can(admin, action), action).toBe(true);
  });

  it('nobody signed in, an unknown role or an odd value may do nothing', () => {
    for (const user of [null, undefined, {}, { role: null }, { role: '' }, { role: 'Admin' }, { role: 'staff' }]) {
      for (const action of actions) expect(can(user, action), `${JSON.stringify(user)} ${action}`).toBe(false);
    }
  });

  describe('a departure: the crew only today, Madrid time; office and admin any day', () => {
    const cases: [string, { role: string }, string, Date, boolean][] = [
      ['crew, today', crew, '2026-11-26', morning, true],
      ['crew, tomorrow', crew, '2026-11-27', morning, false],
      ['crew, yesterday', crew, '2026-11-25', morning, false],
      // 23:30 UTC on the 26th is 00:30 on the 27th in Madrid: the server's date is not the rule.
      ['crew, after midnight in Madrid (UTC still the day before)', crew, '2026-11-27', lateEvening, true],
      ['crew, the UTC date after midnight in Madrid', crew, '2026-11-26', lateEvening, false],
      ['office, tomorrow', office, '2026-11-27', morning, true],
      ['office, last year', office, '2025-11-26', morning, true],
      ['admin, tomorrow', admin, '2026-11-27', morning, true],
    ];
    for (const action of ['boarding.scan', 'manifest.read', 'today.read'] as const) {
      for (const [name, user, sailsOn, now, expected] of cases) {
        it(`${action}: ${name} → ${expected}`, () => {
          expect(can(user, action, { sailsOn }, now)).toBe(expected);
        });
      }
    }

    it('a departure never opens an action the role does not have', () => {
      expect(can(crew, 'booking.read', { sailsOn: '2026-11-26' }, morning)).toBe(false);
      expect(can(crew, 'departure.manage', { sailsOn: '2026-11-26' }, morning)).toBe(false);
      expect(can(office, 'resellers.manage', { sailsOn: '2026-11-26' }, morning)).toBe(false);
    });
  });

  it('knows its roles', () => {
    expect(roles).toEqual(['admin', 'office', 'crew', 'partner']);
    expect(isRole('crew')).toBe(true);
    expect(isRole('Crew')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Architecture: every staff route goes through the wrapper; nothing else compares roles.

const src = path.resolve(import.meta.dirname, '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

const METHODS = 'GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS';

/** The HTTP handlers a route file exports that do not go through `staffRoute(`. */
function handlersOutsideWrapper(code: string): string[] {
  const found: string[] = [];
  const declared = new RegExp(`\\bexport\\s+(?:async\\s+)?function\\s+(${METHODS})\\b`, 'g');
  for (const match of code.matchAll(declared)) found.push(match[1]!);
  const assigned = new RegExp(`\\bexport\\s+(?:const|let|var)\\s+(${METHODS})\\b\\s*(?::[^=]*)?=\\s*([\\w.]+)`, 'g');
  for (const match of code.matchAll(assigned)) if (match[2] !== 'staffRoute') found.push(match[1]!);
  const reexported = new RegExp(`\\bexport\\s*\\{[^}]*\\b(${METHODS})\\b[^}]*\\}`, 'g');
  for (const match of code.matchAll(reexported)) found.push(match[1]!);
  // Signing someone in by hand is the wrapper's job.
  if (/\bpayload\.auth\s*\(|\bstaffSession\s*\(/.test(code)) found.push('its own session check');
  return found;
}

/** Where a file decides by role name instead of asking the policy. */
function roleComparisons(code: string): string[] {
  const patterns = [
    /\w*[Rr]ole\s*[!=]==?/g, // role === 'crew', user.role !== 'admin', staffRole === 'crew'
    /[!=]==?\s*[\w.?]*[Rr]ole\b/g, // 'crew' === role
    /\w*[Rr]oles\s*\.\s*(?:includes|indexOf|some|find)\s*\(/g, // roles.includes(...)
    /\.includes\s*\(\s*[\w.?]*[Rr]ole\s*\)/g, // ['admin', 'office'].includes(user.role)
    /\bhasRole\s*\(/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0]));
}

/**
 * Files that still decide by role, each waiting on a change outside this one (the report of issue
 * 26 names them). The list only shrinks: a file that stops comparing roles must leave it.
 */
const notYetOnThePolicy: Record<string, string> = {};

describe('every staff decision goes through the policy', () => {
  it('finds handlers outside the wrapper', () => {
    expect(handlersOutsideWrapper('export async function GET(request: Request) {}')).toEqual(['GET']);
    expect(handlersOutsideWrapper('export function POST() {}')).toEqual(['POST']);
    expect(handlersOutsideWrapper('export const GET = handler;')).toEqual(['GET']);
    expect(handlersOutsideWrapper('export const PATCH: Handler = async () => json(1);')).toEqual(['PATCH']);
    expect(handlersOutsideWrapper("export { GET } from '../other/route';")).toEqual(['GET']);
    expect(
      handlersOutsideWrapper(
        'export const GET = staffRoute({ action: "x" }, async () => { await payload.auth({ headers }) });',
      ),
    ).toEqual(['its own session check']);
    expect(
      handlersOutsideWrapper("export const GET = staffRoute({ action: 'today.read' }, async () => json(1));"),
    ).toEqual([]);
    expect(handlersOutsideWrapper('export const dynamic = "force-dynamic";')).toEqual([]);
  });

  it('finds role comparisons', () => {
    for (const code of [
      "if (user.role === 'crew') {}",
      "session.user.role !== 'crew'",
      "context.staffRole === 'crew'",
      'allowedRoles.includes(x)',
      "'admin' === role",
      'roles.includes(value)',
      "['admin', 'office'].includes(user.role)",
      "hasRole('admin')(user)",
    ]) {
      expect(roleComparisons(code), code).not.toEqual([]);
    }
    for (const code of [
      "can(user, 'booking.read')",
      'const roles = 3;',
      'const role = user.role;',
      'const roleLabel = labels[role];',
    ]) {
      expect(roleComparisons(code), code).toEqual([]);
    }
  });

  it('every route under src/app/api/ops and src/app/api/boarding is a staffRoute', () => {
    const routes = ['app/api/ops', 'app/api/boarding'].flatMap((dir) =>
      files(path.join(src, dir), /^route\.(ts|tsx|mts|js|mjs)$/),
    );
    expect(routes.length).toBeGreaterThan(25);
    const outside = routes.flatMap((file) =>
      handlersOutsideWrapper(readFileSync(file, 'utf8')).map((m) => `${path.relative(src, file)}: ${m}`),
    );
    expect(outside).toEqual([]);
  });

  it('no file outside src/security compares roles (the known stragglers excepted, and the list only shrinks)', () => {
    const found = new Map<string, string[]>();
    for (const file of files(src, /\.(ts|tsx|mts|mjs|js)$/)) {
      const relative = path.relative(src, file).split(path.sep).join('/');
      if (relative.startsWith('security/') || /\.test\.tsx?$/.test(relative)) continue;
      if (relative === 'payload-types.ts') continue;
      const hits = roleComparisons(readFileSync(file, 'utf8'));
      if (hits.length > 0) found.set(relative, hits);
    }
    const unexpected = [...found].filter(([file]) => !(file in notYetOnThePolicy));
    expect(unexpected.map(([file, hits]) => `${file}: ${hits.join(' | ')}`)).toEqual([]);
    const cleaned = Object.keys(notYetOnThePolicy).filter((file) => !found.has(file));
    expect(cleaned, 'these files ask the policy now: take them off notYetOnThePolicy').toEqual([]);
  });
});
