'use client';

import { usePathname } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';

import { forgetDoorLists } from '../door/door-storage.client';

import { forgetLists } from './boarding-storage.client';
import { forgetOfflineApp } from '../staff-app/use-offline-app.client';

/**
 * Around every back-office page (a Payload admin provider): signing out (Payload's /admin/logout,
 * and its sign-out after inactivity) makes this browser forget the boarding app it kept for
 * offline use (../staff-app/use-offline-app.client.ts), and the passenger lists.
 */
export function BoardingSignOut({ children }: { children?: ReactNode }) {
  const pathname = usePathname();
  useEffect(() => {
    if (!pathname?.startsWith('/admin/logout')) return;
    forgetLists();
    forgetDoorLists();
    void forgetOfflineApp().catch(() => {});
  }, [pathname]);
  return <>{children}</>;
}
