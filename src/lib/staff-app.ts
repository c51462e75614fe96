/**
 * The staff's phone app (issue 46): small pages of their own under /staff, outside Payload's admin
 * shell and the public site's layout (src/app/(staff)), that sign in with the back office's session.
 * Named here, in the plumbing, because the proxy, the security headers and the pages all need them
 * (docs/decisions/182-the-staff-phone-app.md).
 */
export const STAFF_APP_PREFIX = '/staff';
/** The crew's boarding page (src/components/boarding). */
export const BOARDING_PATH = '/staff/boarding';
/** A partner's door (src/components/door). */
export const DOOR_PATH = '/staff/door';
/**
 * The office's daily screens (issue 46): today's board, the bookings and one booking, the box
 * office's sale and the till, light twins of the admin's /admin/ops/... views. No camera, no
 * offline copy: they need the server for every answer.
 */
export const OFFICE_TODAY_PATH = '/staff/today';
export const OFFICE_BOOKINGS_PATH = '/staff/bookings';
export const OFFICE_SELL_PATH = '/staff/sell';
export const OFFICE_TILL_PATH = '/staff/till';
export const OFFICE_PATHS = [OFFICE_TODAY_PATH, OFFICE_BOOKINGS_PATH, OFFICE_SELL_PATH, OFFICE_TILL_PATH] as const;
/** The app's pages: each may use the camera, each opens offline from a cold start. */
export const STAFF_APP_PAGES = [BOARDING_PATH, DOOR_PATH] as const;
export type StaffAppPage = (typeof STAFF_APP_PAGES)[number];

/** The address itself or below it: `/staff/boarding` and `/staff/boarding/x`, never `/staff/boardingx`. */
function within(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether a path belongs to the staff's app: rendered per staff member, never cached, like /admin. */
export function isStaffAppPath(pathname: string): boolean {
  return within(pathname, STAFF_APP_PREFIX);
}

/** Whether a path is one of the app's scanning pages, the only documents allowed the camera. */
export function isCameraPath(pathname: string): boolean {
  return STAFF_APP_PAGES.some((page) => within(pathname, page));
}

/** Where a signed-out phone goes: the back office's sign-in, which comes back to `page`. */
export function signInHref(page: string): string {
  return `/admin/login?redirect=${encodeURIComponent(page)}`;
}

/**
 * `path` with the page's query as it was asked for (a search, a day), so that a signed-out member
 * comes back from the sign-in to the same screen, not to its bare address.
 */
export function withQuery(path: string, searchParams: Record<string, string | string[] | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The old address of the boarding page (a Payload admin view until issue 46): it redirects. */
export const OLD_BOARDING_PATH = '/admin/boarding';
