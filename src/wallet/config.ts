import { readFileSync } from 'node:fs';

import forge from 'node-forge';

import { parseEnv, type Env } from '@/lib/env';
import { logger } from '@/lib/logger';

/**
 * The operator's wallet credentials, read once from the environment. A wallet whose variables are
 * not all set is off: its buttons are not shown and its routes answer 404 (a half-configured pass
 * would be refused by the phone, and a broken button is worse than none).
 */

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  /** The Pass Type ID certificate, its private key and Apple's WWDR intermediate, as PEM. */
  certificatePem: string;
  privateKeyPem: string;
  wwdrPem: string;
  apnsUrl: string;
  organizationName: string;
  /** Where Apple's devices reach our web service for passes (`/v1/...` is appended by them). */
  webServiceUrl: string;
};

export type GoogleServiceAccount = { client_email: string; private_key: string };

export type GoogleWalletConfig = {
  issuerId: string;
  serviceAccount: GoogleServiceAccount;
  apiUrl: string;
  tokenUrl: string;
  origin: string;
  brand: string;
};

type WalletEnv = Pick<
  Env,
  | 'WALLET_APPLE_PASS_TYPE_ID'
  | 'WALLET_APPLE_TEAM_ID'
  | 'WALLET_APPLE_CERT_PATH'
  | 'WALLET_APPLE_CERT_PASSWORD'
  | 'WALLET_APPLE_WWDR_PATH'
  | 'WALLET_APPLE_APNS_URL'
  | 'WALLET_GOOGLE_ISSUER_ID'
  | 'WALLET_GOOGLE_SERVICE_ACCOUNT'
  | 'WALLET_GOOGLE_API_URL'
  | 'WALLET_GOOGLE_TOKEN_URL'
  | 'SITE_URL'
  | 'SITE_BRAND'
>;

/** A certificate file as PEM, whether it was saved as PEM or DER (Apple hands out WWDR as .cer). */
function certificatePem(file: Buffer): string {
  const text = file.toString('latin1');
  if (text.includes('-----BEGIN CERTIFICATE-----')) return text;
  return forge.pki.certificateToPem(forge.pki.certificateFromAsn1(forge.asn1.fromDer(text)));
}

/** The certificate and key of a PKCS#12 (.p12, as Keychain exports it) or of a PEM file holding both. */
export function readSigningIdentity(file: Buffer, password = ''): { certificatePem: string; privateKeyPem: string } {
  const text = file.toString('latin1');
  if (text.includes('-----BEGIN')) {
    const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
    const key =
      /-----BEGIN (?:RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |ENCRYPTED )?PRIVATE KEY-----/.exec(
        text,
      )?.[0];
    if (!cert || !key) throw new Error('the PEM file must hold the certificate and its private key');
    const privateKey = key.includes('ENCRYPTED')
      ? forge.pki.decryptRsaPrivateKey(key, password)
      : forge.pki.privateKeyFromPem(key);
    if (!privateKey) throw new Error('the private key could not be decrypted with the password given');
    return { certificatePem: cert, privateKeyPem: forge.pki.privateKeyToPem(privateKey) };
  }
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(text), password);
  const { certBag, pkcs8ShroudedKeyBag, keyBag: plainKeyBag } = forge.pki.oids;
  const cert = certBag ? p12.getBags({ bagType: certBag })[certBag]?.[0]?.cert : undefined;
  const keyBag =
    (pkcs8ShroudedKeyBag ? p12.getBags({ bagType: pkcs8ShroudedKeyBag })[pkcs8ShroudedKeyBag]?.[0] : undefined) ??
    (plainKeyBag ? p12.getBags({ bagType: plainKeyBag })[plainKeyBag]?.[0] : undefined);
  if (!cert || !keyBag?.key) throw new Error('the PKCS#12 file must hold the certificate and its private key');
  return {
    certificatePem: forge.pki.certificateToPem(cert),
    privateKeyPem: forge.pki.privateKeyToPem(keyBag.key as forge.pki.rsa.PrivateKey),
  };
}

export function appleWalletFrom(config: WalletEnv): AppleWalletConfig | null {
  const { WALLET_APPLE_PASS_TYPE_ID, WALLET_APPLE_TEAM_ID, WALLET_APPLE_CERT_PATH, WALLET_APPLE_WWDR_PATH } = config;
  if (!WALLET_APPLE_PASS_TYPE_ID || !WALLET_APPLE_TEAM_ID || !WALLET_APPLE_CERT_PATH || !WALLET_APPLE_WWDR_PATH)
    return null;
  const identity = readSigningIdentity(readFileSync(WALLET_APPLE_CERT_PATH), config.WALLET_APPLE_CERT_PASSWORD);
  return {
    passTypeId: WALLET_APPLE_PASS_TYPE_ID,
    teamId: WALLET_APPLE_TEAM_ID,
    ...identity,
    wwdrPem: certificatePem(readFileSync(WALLET_APPLE_WWDR_PATH)),
    apnsUrl: config.WALLET_APPLE_APNS_URL.replace(/\/$/, ''),
    organizationName: config.SITE_BRAND,
    webServiceUrl: `${config.SITE_URL}/api/wallet/apple`,
  };
}

/** The service account's key: a path to the JSON file Google hands out, or that JSON itself. */
export function readServiceAccount(value: string): GoogleServiceAccount {
  const json = JSON.parse(
    value.trim().startsWith('{') ? value : readFileSync(value, 'utf8'),
  ) as Partial<GoogleServiceAccount>;
  if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string')
    throw new Error('the service account JSON must have client_email and private_key');
  return { client_email: json.client_email, private_key: json.private_key };
}

export function googleWalletFrom(config: WalletEnv): GoogleWalletConfig | null {
  if (!config.WALLET_GOOGLE_ISSUER_ID || !config.WALLET_GOOGLE_SERVICE_ACCOUNT) return null;
  return {
    issuerId: config.WALLET_GOOGLE_ISSUER_ID,
    serviceAccount: readServiceAccount(config.WALLET_GOOGLE_SERVICE_ACCOUNT),
    apiUrl: config.WALLET_GOOGLE_API_URL.replace(/\/$/, ''),
    tokenUrl: config.WALLET_GOOGLE_TOKEN_URL,
    origin: config.SITE_URL,
    brand: config.SITE_BRAND,
  };
}

// Read once per process (from the environment as it is then, so a test can set it and call
// resetWalletConfig): the files do not change under a running server. A file that cannot be
// read turns that wallet off (and says why once) rather than breaking the booking page.
let apple: AppleWalletConfig | null | undefined;
let google: GoogleWalletConfig | null | undefined;

function once<T>(name: string, read: () => T | null): T | null {
  try {
    return read();
  } catch (error) {
    logger.error(
      { wallet: name, err: error instanceof Error ? error.message : String(error) },
      'wallet is off: its configuration could not be read',
    );
    return null;
  }
}

export function appleWallet(): AppleWalletConfig | null {
  if (apple === undefined) apple = once('apple', () => appleWalletFrom(parseEnv(process.env)));
  return apple;
}

export function googleWallet(): GoogleWalletConfig | null {
  if (google === undefined) google = once('google', () => googleWalletFrom(parseEnv(process.env)));
  return google;
}

/** Tests change the environment between files: the next call reads it again. */
export function resetWalletConfig(): void {
  apple = undefined;
  google = undefined;
}
