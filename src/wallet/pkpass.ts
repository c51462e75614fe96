import { createHash } from 'node:crypto';

import { zipSync } from 'fflate';
import forge from 'node-forge';

/**
 * An Apple Wallet pass as the phone wants it: a zip of pass.json, its images, manifest.json (the
 * SHA-1 of every other file, as Apple's format still asks) and `signature`, a detached PKCS#7 of
 * manifest.json by the Pass Type ID certificate with Apple's WWDR intermediate beside it. The
 * digest of the signature itself is SHA-256, with the signing time Apple checks.
 */

export type PassSigner = { certificatePem: string; privateKeyPem: string; wwdrPem: string };

export type PassFiles = Record<string, Uint8Array>;

export function manifestOf(files: PassFiles): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([name, content]) => [name, createHash('sha1').update(content).digest('hex')]),
  );
}

/** The detached PKCS#7 (DER) of `content`: what Wallet verifies before it shows a pass. */
export function signDetached(content: Uint8Array, signer: PassSigner, signingTime = new Date()): Uint8Array {
  const certificate = forge.pki.certificateFromPem(signer.certificatePem);
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.from(content).toString('binary'));
  p7.addCertificate(certificate);
  p7.addCertificate(forge.pki.certificateFromPem(signer.wwdrPem));
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(signer.privateKeyPem),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      // forge writes a Date as the attribute's UTCTime.
      { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

/** The .pkpass of `pass` (pass.json's object) with its images (`icon.png` at least). */
export function buildPkpass(pass: object, images: PassFiles, signer: PassSigner, signingTime = new Date()): Uint8Array {
  if (!images['icon.png']) throw new Error('a pass needs icon.png');
  const files: PassFiles = { 'pass.json': new TextEncoder().encode(JSON.stringify(pass)), ...images };
  const manifest = new TextEncoder().encode(JSON.stringify(manifestOf(files)));
  // Stored, not deflated: the PNGs are compressed already and pass.json is a few hundred bytes.
  return zipSync(
    {
      ...Object.fromEntries(Object.entries(files).map(([name, content]) => [name, content])),
      'manifest.json': manifest,
      signature: signDetached(manifest, signer, signingTime),
    },
    { level: 0 },
  );
}
