import { execFileSync } from 'node:child_process';
import { createHash, createVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeWalletTestCredentials, TEST_GOOGLE_ISSUER_ID } from '../../scripts/wallet-test-credentials.mjs';
import { googleWalletFrom, readServiceAccount, readSigningIdentity, type GoogleWalletConfig } from './config';
import { googleSaveUrl } from './google';
import { passImages } from './images';
import { applePassJson, madridIso, passTexts } from './pass-content';
import { buildPkpass } from './pkpass';
import type { WalletBooking } from './wallet-booking';

let dir: string;
let credentials: ReturnType<typeof makeWalletTestCredentials>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wallet-unit-'));
  credentials = makeWalletTestCredentials(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const identity = {
  passTypeId: 'pass.test.golondrinas.tickets',
  teamId: 'TEST123456',
  organizationName: 'Las Golondrinas',
  webServiceUrl: 'https://example.com/api/wallet/apple',
};

function booking(overrides: Partial<WalletBooking> = {}): WalletBooking {
  // 14 July 2026, 10:30 in Madrid (summer time, UTC+2); boarding 15 minutes before.
  const startsAt = new Date('2026-07-14T08:30:00Z');
  return {
    id: 7,
    reference: 'GOL-7K2QX',
    status: 'paid',
    live: true,
    locale: 'fr',
    customerName: 'Anne Martin',
    tourId: 1,
    tourTitle: 'Port de Barcelone',
    tourSlug: 'port',
    startsAt,
    durationMinutes: 40,
    boardingAt: new Date(startsAt.getTime() - 15 * 60_000),
    boardingPoint: {
      name: 'Portal de la Pau',
      address: 'Moll de les Drassanes, s/n',
      latitude: 41.3755,
      longitude: 2.1779,
    },
    tripType: 'roundTrip',
    passengers: [
      { category: 'adult', count: 2 },
      { category: 'child', count: 1 },
    ],
    seats: 3,
    admissions: [],
    ...overrides,
  };
}

type Field = { key: string; label: string; value: string };
type PassJson = Record<string, unknown> & {
  voided?: boolean;
  authenticationToken: string;
  eventTicket: Record<string, Field[]>;
};
type SaveClaims = Record<string, unknown> & {
  payload: {
    eventTicketObjects: (Record<string, unknown> & { textModulesData: unknown[] })[];
    eventTicketClasses: Record<string, unknown>[];
  };
};

async function pkpassOf(walletBooking: WalletBooking) {
  const signer = {
    ...readSigningIdentity(readFileSync(credentials.files.p12), 'test-only-p12-password'),
    wwdrPem: credentials.wwdrPem,
  };
  const pass = applePassJson(
    walletBooking,
    await passTexts(walletBooking),
    identity,
    'https://example.com/fr/reservation/x',
  );
  return unzipSync(buildPkpass(pass, await passImages(), signer));
}

/** openssl's own CMS verification of the detached signature over `content`, against the test WWDR. */
function opensslVerifies(signature: Uint8Array, content: Uint8Array): boolean {
  const work = mkdtempSync(path.join(dir, 'verify-'));
  writeFileSync(path.join(work, 'signature'), signature);
  writeFileSync(path.join(work, 'content'), content);
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'content',
        '-CAfile',
        credentials.files.wwdr,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: work, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

describe('Apple Wallet pass', () => {
  it('lists every file in manifest.json with its SHA-1', async () => {
    const files = await pkpassOf(booking());
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== 'manifest.json' && name !== 'signature')
        .sort(),
    );
    for (const [name, hash] of Object.entries(manifest))
      expect(hash, name).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    expect(manifest['icon.png']).toBeDefined();
    expect(manifest['logo@2x.png']).toBeDefined();
  });

  it('is signed by the pass certificate over manifest.json, with SHA-256, the signing time and the WWDR certificate', async () => {
    const files = await pkpassOf(booking());
    const signature = files.signature!;
    expect(opensslVerifies(signature, files['manifest.json']!)).toBe(true);
    // Detached: a manifest changed after signing no longer verifies.
    const tampered = new TextEncoder().encode(
      new TextDecoder().decode(files['manifest.json']).replace(/[0-9a-f]{4}"/, '0000"'),
    );
    expect(opensslVerifies(signature, tampered)).toBe(false);
    const work = mkdtempSync(path.join(dir, 'print-'));
    writeFileSync(path.join(work, 'signature'), signature);
    const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'signature'], {
      cwd: work,
      encoding: 'utf8',
    });
    expect(printed).toContain('eContent: <ABSENT>');
    expect(printed).toMatch(/digestAlgorithm:\s*\n\s*algorithm: sha256/);
    expect(printed).toContain('signingTime');
    expect(printed).toContain('Test Wallet Intermediate (not Apple)');
    expect(printed).toContain('Pass Type ID: pass.test.golondrinas.tickets');
  });

  it('shows the Madrid departure, the boarding point and its location, the passengers and the group QR, in the visitor language', async () => {
    const files = await pkpassOf(booking());
    const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: identity.passTypeId,
      teamIdentifier: identity.teamId,
      serialNumber: 'GOL-7K2QX',
      webServiceURL: identity.webServiceUrl,
      relevantDate: '2026-07-14T10:30:00+02:00',
      locations: [{ latitude: 41.3755, longitude: 2.1779, relevantText: 'Embarquement à Portal de la Pau dès 10:15' }],
      barcodes: [{ format: 'PKBarcodeFormatQR', message: 'GOL-7K2QX', messageEncoding: 'iso-8859-1' }],
    });
    expect(pass.authenticationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pass.voided).toBeUndefined();
    const fields = Object.fromEntries(
      ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((group) =>
        pass.eventTicket[group]!.map((f) => [f.key, f]),
      ),
    );
    expect(fields.departure).toMatchObject({ label: 'Départ', value: '10:30' });
    expect(fields.tour).toMatchObject({ value: 'Port de Barcelone' });
    expect(fields.date!.value).toBe('mardi 14 juillet 2026');
    expect(fields.boarding).toMatchObject({ value: '10:15' });
    expect(fields.passengers).toMatchObject({ label: 'Passagers', value: '2 × Adulte, 1 × Enfant' });
    expect(fields.boardingPoint).toMatchObject({ value: 'Portal de la Pau' });
  });

  it('voids the pass of a cancelled booking and says so', async () => {
    const files = await pkpassOf(booking({ status: 'cancelled', live: false, locale: 'ca' }));
    const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson;
    expect(pass.voided).toBe(true);
    expect(pass.eventTicket.headerFields![0]!.value).toBe('Cancel·lada');
    expect(pass.eventTicket.backFields![0]!.value).toContain("s'ha cancel·lat");
  });

  it("writes a combined tour's admission codes on the back, by partner, with their days, address and hours", async () => {
    const admission = (code: string, partnerId: number, partner: string) => ({
      ticketCode: `T-${code}`,
      ticketVoidedAt: null,
      code,
      supplied: false,
      status: 'valid' as const,
      usedAt: null,
      partnerId,
      partner,
      address: 'Moll d’Espanya s/n',
      openingHours: 'Tous les jours 10 h – 19 h',
      mapUrl: '',
      category: 'adult' as const,
      shareCents: 1500,
      taxTreatment: 'agency' as const,
      vatRatePct: null,
      validFrom: '2026-07-14',
      validUntil: '2026-07-14',
    });
    const combined = booking({
      admissions: [admission('AQ1', 1, 'Aquàrium'), admission('MO1', 2, 'MOCO'), admission('AQ2', 1, 'Aquàrium')],
    });
    const files = await pkpassOf(combined);
    const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson;
    const back = Object.fromEntries(pass.eventTicket.backFields!.map((f) => [f.key, f]));
    expect(back.admissions1).toEqual({
      key: 'admissions1',
      label: 'Entrée incluse\u202f: Aquàrium',
      value:
        'Valable\u202f: le 14 juillet 2026\nCode\u202f: AQ1\nCode\u202f: AQ2\nAdresse\u202f: Moll d’Espanya s/n\nHoraires\u202f: Tous les jours 10 h – 19 h',
    });
    expect(back.admissions2!.value).toContain('Code\u202f: MO1');
    expect(back.admissionsNote!.value).toContain('celui du bateau');
    // One barcode, the boat's.
    expect(pass.barcodes).toHaveLength(1);
    // A boat trip only has none of it.
    const plain = JSON.parse(new TextDecoder().decode((await pkpassOf(booking()))['pass.json'])) as PassJson;
    expect(plain.eventTicket.backFields!.map((f) => f.key)).not.toContain('admissionsNote');
  });

  it('writes winter dates with the winter offset', () => {
    expect(madridIso(new Date('2026-01-10T09:00:00Z'))).toBe('2026-01-10T10:00:00+01:00');
  });

  it('reads the signing identity from a PEM file as from a PKCS#12', () => {
    const pem = readSigningIdentity(readFileSync(credentials.files.pem));
    const p12 = readSigningIdentity(readFileSync(credentials.files.p12), 'test-only-p12-password');
    expect(pem.certificatePem.replace(/\r/g, '').trim()).toBe(p12.certificatePem.replace(/\r/g, '').trim());
    expect(() => readSigningIdentity(readFileSync(credentials.files.p12), 'wrong')).toThrow();
  });
});

describe('Google Wallet link', () => {
  function config(): GoogleWalletConfig {
    const google = googleWalletFrom({
      WALLET_GOOGLE_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
      WALLET_GOOGLE_SERVICE_ACCOUNT: credentials.files.google,
      WALLET_GOOGLE_API_URL: 'http://127.0.0.1:1',
      WALLET_GOOGLE_TOKEN_URL: 'http://127.0.0.1:1/token',
      SITE_URL: 'https://example.com',
      SITE_BRAND: 'Las Golondrinas',
    } as never);
    if (!google) throw new Error('Google Wallet config expected');
    return google;
  }

  it('is a save link whose JWT verifies with the service account key and carries the ticket', async () => {
    const walletBooking = booking({ locale: 'es' });
    const url = googleSaveUrl(
      config(),
      walletBooking,
      await passTexts(walletBooking),
      new Date('2026-07-01T00:00:00Z'),
    );
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const [header, body, signature] = url.slice('https://pay.google.com/gp/v/save/'.length).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.${body}`)
        .verify(credentials.googlePublicKeyPem, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as SaveClaims;
    expect(claims).toMatchObject({
      iss: 'wallet-tests@golondrinas-tests.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://example.com'],
    });
    const object = claims.payload.eventTicketObjects[0]!;
    expect(object).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.GOL-7K2QX`,
      classId: `${TEST_GOOGLE_ISSUER_ID}.port-es`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: 'GOL-7K2QX' },
      validTimeInterval: { start: { date: '2026-07-14T10:15:00+02:00' }, end: { date: '2026-07-14T11:10:00+02:00' } },
      locations: [{ latitude: 41.3755, longitude: 2.1779 }],
    });
    expect(object.textModulesData).toContainEqual({ id: 'departure', header: 'Salida', body: '10:30' });
    expect(object.textModulesData.map((module) => (module as { id: string }).id)).not.toContain('admissions1');
    expect(claims.payload.eventTicketClasses[0]).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.port-es`,
      eventName: { defaultValue: { language: 'es', value: 'Port de Barcelone' } },
    });
    // A tampered payload does not verify.
    const forged = Buffer.from(JSON.stringify({ ...claims, iss: 'someone@else' })).toString('base64url');
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.${forged}`)
        .verify(credentials.googlePublicKeyPem, Buffer.from(signature!, 'base64url')),
    ).toBe(false);
  });

  it('takes the service account JSON itself as well as its path', () => {
    const json = readFileSync(credentials.files.google, 'utf8');
    expect(readServiceAccount(json)).toEqual(readServiceAccount(credentials.files.google));
    expect(() => readServiceAccount('{"client_email":"x"}')).toThrow();
  });
});
