// Wallet credentials made up for tests and the e2e server, generated on the spot (never
// committed): a stand-in for Apple's WWDR intermediate, a Pass Type ID certificate it issued (as
// PKCS#12 with a password, and as one PEM file), and a Google service account key. Nothing here
// is trusted by a real phone or by Google; it lets the tests verify what the app signs.
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import forge from 'node-forge';

export const TEST_PASS_TYPE_ID = 'pass.test.golondrinas.tickets';
export const TEST_TEAM_ID = 'TEST123456';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_P12_PASSWORD = 'test-only-p12-password';

function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

function certificate({ subject, issuer, publicKeyPem, signingKeyPem, serial, ca }) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** Writes the credentials under `dir` and returns their paths and PEMs, and the env vars that use them. */
export function makeWalletTestCredentials(dir) {
  mkdirSync(dir, { recursive: true });
  const wwdrKeys = rsaKeys();
  const wwdrName = [
    { name: 'commonName', value: 'Test Wallet Intermediate (not Apple)' },
    { name: 'organizationName', value: 'Golondrinas tests' },
  ];
  const wwdrPem = certificate({
    subject: wwdrName,
    issuer: wwdrName,
    publicKeyPem: wwdrKeys.publicKeyPem,
    signingKeyPem: wwdrKeys.privateKeyPem,
    serial: '01',
    ca: true,
  });
  const passKeys = rsaKeys();
  const certificatePem = certificate({
    subject: [
      { name: 'commonName', value: `Pass Type ID: ${TEST_PASS_TYPE_ID}` },
      { name: 'organizationalUnitName', value: TEST_TEAM_ID },
    ],
    issuer: wwdrName,
    publicKeyPem: passKeys.publicKeyPem,
    signingKeyPem: wwdrKeys.privateKeyPem,
    serial: '02',
    ca: false,
  });
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(passKeys.privateKeyPem),
    [forge.pki.certificateFromPem(certificatePem)],
    TEST_P12_PASSWORD,
    { algorithm: '3des' },
  );
  const files = {
    wwdr: path.join(dir, 'wwdr.pem'),
    p12: path.join(dir, 'pass.p12'),
    pem: path.join(dir, 'pass.pem'),
    google: path.join(dir, 'google-service-account.json'),
  };
  writeFileSync(files.wwdr, wwdrPem);
  writeFileSync(files.p12, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  writeFileSync(files.pem, `${certificatePem}\n${passKeys.privateKeyPem}`);
  const googleKeys = rsaKeys();
  writeFileSync(
    files.google,
    JSON.stringify({
      type: 'service_account',
      client_email: 'wallet-tests@golondrinas-tests.iam.gserviceaccount.com',
      private_key: googleKeys.privateKeyPem,
    }),
  );
  return {
    files,
    wwdrPem,
    certificatePem,
    passPrivateKeyPem: passKeys.privateKeyPem,
    googlePublicKeyPem: googleKeys.publicKeyPem,
    env: {
      WALLET_APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      WALLET_APPLE_TEAM_ID: TEST_TEAM_ID,
      WALLET_APPLE_CERT_PATH: files.p12,
      WALLET_APPLE_CERT_PASSWORD: TEST_P12_PASSWORD,
      WALLET_APPLE_WWDR_PATH: files.wwdr,
      WALLET_GOOGLE_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
      WALLET_GOOGLE_SERVICE_ACCOUNT: files.google,
    },
  };
}
