'use client';

import { usePathname } from 'next/navigation';

import { visiblePath } from '@/i18n/routes';

/** The path of the page that was not found, from the router (see NotFoundContent). */
export function NotFoundPath() {
  return visiblePath(usePathname() ?? '/');
}
