/**
 * Where the office's daily screens live. The same screens draw in two shells: Payload's admin
 * (`/admin/ops/...`, the whole back office around them) and the staff's light app (`/staff/...`,
 * issue 46, docs/decisions/182-the-staff-phone-app.md), so a component that links to another
 * screen is told which shell it is in and links within it. What only the admin has (manifests,
 * printed tickets, the Z report's PDF) stays an admin address in both.
 */
export type OfficeShell = 'admin' | 'staff';

export type OfficePaths = {
  today: string;
  /** The form that shows another day's board (a GET with `date`). */
  todayForm: string;
  bookings: string;
  booking: (reference: string) => string;
  sell: string;
  till: string;
  tillSession: (id: number) => string;
};

const admin: OfficePaths = {
  today: '/admin',
  todayForm: '/admin',
  bookings: '/admin/ops/bookings',
  booking: (reference) => `/admin/ops/bookings/${encodeURIComponent(reference)}`,
  sell: '/admin/ops/sell',
  till: '/admin/ops/till',
  tillSession: (id) => `/admin/ops/till/${id}`,
};

const staff: OfficePaths = {
  today: '/staff/today',
  todayForm: '/staff/today',
  bookings: '/staff/bookings',
  booking: (reference) => `/staff/bookings/${encodeURIComponent(reference)}`,
  sell: '/staff/sell',
  till: '/staff/till',
  tillSession: (id) => `/staff/till/${id}`,
};

export function officePaths(shell: OfficeShell = 'admin'): OfficePaths {
  return shell === 'staff' ? staff : admin;
}
