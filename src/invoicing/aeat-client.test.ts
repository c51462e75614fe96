import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chainOfAltas, ISSUER } from '../../tests/fixtures/invoicing-records';
import { AeatTransportError, AEAT_ENDPOINTS, submitBatch } from './aeat-client';
import { parseAeatAnswer } from './aeat-answer';
import { createAeatSandboxState, handleAeatSubmission } from './aeat-sandbox';
import { submissionXml } from './record-xml';

/**
 * A local HTTPS server that, like the AEAT, requires a client certificate from its own CA, in front
 * of the AEAT sandbox. Every key and certificate is made here, with openssl, and thrown away after.
 */

let dir: string;
let server: Server;
let endpoint: string;
let ca: Buffer;
let clientP12: Buffer;
let rogueP12: Buffer;
const PASSPHRASE = 'correct horse battery staple';
const seenClients: string[] = [];

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A certificate for `name`, signed by the CA `caName`, as PEM files in `dir`. */
function issue(caName: string, name: string, extensions: string): void {
  openssl(
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${name}`,
  );
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${caName}.crt`,
    '-CAkey',
    `${caName}.key`,
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.crt`,
  );
}

function newCa(name: string): void {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-subj',
    `/CN=${name}`,
  );
}

function pkcs12(name: string, caName: string): Buffer {
  openssl(
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.crt`,
    '-certfile',
    `${caName}.crt`,
    '-passout',
    `pass:${PASSPHRASE}`,
    '-out',
    `${name}.p12`,
  );
  return readFileSync(path.join(dir, `${name}.p12`));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aeat-mtls-'));
  newCa('test-ca');
  newCa('rogue-ca');
  issue('test-ca', 'localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue('test-ca', 'operator', 'extendedKeyUsage=clientAuth\n');
  issue('rogue-ca', 'intruder', 'extendedKeyUsage=clientAuth\n');
  ca = readFileSync(path.join(dir, 'test-ca.crt'));
  clientP12 = pkcs12('operator', 'test-ca');
  rogueP12 = pkcs12('intruder', 'rogue-ca');

  // The AEAT's clock when the fixtures' records (01-01-2027, 10:00) are sent: it judges their dates by it.
  const state = createAeatSandboxState({ now: () => new Date('2027-01-01T10:00:05+01:00') });
  server = createServer(
    {
      key: readFileSync(path.join(dir, 'localhost.key')),
      cert: readFileSync(path.join(dir, 'localhost.crt')),
      ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      seenClients.push(String((req.socket as TLSSocket).getPeerCertificate().subject?.CN));
      if (req.url === '/silent') return; // never answers: the client's timeout must end it
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void handleAeatSubmission(Buffer.concat(chunks).toString('utf8'), state).then((reply) => {
          res.writeHead(reply.httpStatus, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(reply.xml);
        });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const xml = () => submissionXml(ISSUER, chainOfAltas(2));

describe('submitBatch over mutual TLS', () => {
  it('with the operator certificate: the request arrives and the answer comes back raw', async () => {
    const answer = await submitBatch(xml(), { endpoint, pfx: clientP12, passphrase: PASSPHRASE, ca });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
    const parsed = parseAeatAnswer(answer.body);
    expect(parsed.kind === 'answer' && parsed.answer.batchStatus).toBe('Correcto');
    expect(seenClients.at(-1)).toBe('operator');
  });

  it('a SOAP fault comes back as an answer too (HTTP 500), not as a transport error', async () => {
    const broken = xml().replace(/<sf:NombreRazonEmisor>[^<]*<\/sf:NombreRazonEmisor>/, '');
    const answer = await submitBatch(broken, { endpoint, pfx: clientP12, passphrase: PASSPHRASE, ca });
    expect(answer.status).toBe(500);
    const parsed = parseAeatAnswer(answer.body);
    expect(parsed.kind === 'fault' && parsed.fault.errorCode).toBe('4102');
  });

  it('without a client certificate the server refuses the connection', async () => {
    const attempt = new Promise((resolve, reject) => {
      const req = request(endpoint, { method: 'POST', ca }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end(xml());
    });
    await expect(attempt).rejects.toThrow(/certificate|socket hang up|ECONNRESET/i);
  });

  it('with a certificate from another CA the server refuses it', async () => {
    await expect(submitBatch(xml(), { endpoint, pfx: rogueP12, passphrase: PASSPHRASE, ca })).rejects.toThrow(
      AeatTransportError,
    );
    expect(seenClients).not.toContain('intruder');
  });

  it('with the wrong passphrase nothing is sent', async () => {
    await expect(submitBatch(xml(), { endpoint, pfx: clientP12, passphrase: 'wrong', ca })).rejects.toThrow(
      /client certificate|mac verify|decrypt/i,
    );
  });

  it('gives up after the timeout when the server does not answer', async () => {
    const silent = endpoint.replace(/\/wlpl\/.*$/, '/silent');
    await expect(
      submitBatch(xml(), { endpoint: silent, pfx: clientP12, passphrase: PASSPHRASE, ca, timeoutMs: 300 }),
    ).rejects.toThrow(/within 300 ms/);
  });

  it('refuses plain HTTP and names the AEAT endpoints', async () => {
    await expect(
      submitBatch(xml(), { endpoint: 'http://127.0.0.1:9/', pfx: clientP12, passphrase: PASSPHRASE }),
    ).rejects.toThrow(/HTTPS only/);
    expect(AEAT_ENDPOINTS.test).toBe('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
  });
});
