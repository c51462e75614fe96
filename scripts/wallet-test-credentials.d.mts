export const TEST_PASS_TYPE_ID: string;
export const TEST_TEAM_ID: string;
export const TEST_GOOGLE_ISSUER_ID: string;
export const TEST_P12_PASSWORD: string;
export function makeWalletTestCredentials(dir: string): {
  files: { wwdr: string; p12: string; pem: string; google: string };
  wwdrPem: string;
  certificatePem: string;
  passPrivateKeyPem: string;
  googlePublicKeyPem: string;
  env: Record<string, string>;
};
