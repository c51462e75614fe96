declare module 'fxa-common-password-list' {
  /** True when the password is on Firefox Accounts' list of common passwords (exact match). */
  export function test(password: string): boolean;
  const list: { test: typeof test };
  export default list;
}
