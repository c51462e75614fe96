import { describe, expect, it } from 'vitest';

import { isCameraPath, isStaffAppPath, OFFICE_PATHS } from '@/lib/staff-app';

import { officePaths } from './office-paths';

describe('office paths', () => {
  it('keeps the admin’s screens in the admin, by default', () => {
    const admin = officePaths();
    expect(admin.booking('AB 12')).toBe('/admin/ops/bookings/AB%2012');
    expect(admin.tillSession(7)).toBe('/admin/ops/till/7');
    expect(admin.today).toBe('/admin');
  });

  it('keeps the light app’s screens in the light app', () => {
    const staff = officePaths('staff');
    expect(staff.booking('AB 12')).toBe('/staff/bookings/AB%2012');
    expect(staff.tillSession(7)).toBe('/staff/till/7');
    expect([staff.today, staff.bookings, staff.sell, staff.till]).toEqual([...OFFICE_PATHS]);
  });

  it('serves the office screens as the staff app (private, no camera)', () => {
    for (const path of [...OFFICE_PATHS, '/staff/bookings/AB12', '/staff/till/3']) {
      expect(isStaffAppPath(path)).toBe(true);
      expect(isCameraPath(path)).toBe(false);
    }
  });
});
