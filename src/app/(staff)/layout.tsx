import './staff.css';

import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';

import { staffAppSession } from './session';

/**
 * The staff's phone app (issue 46, docs/decisions/182-the-staff-phone-app.md): the crew's boarding
 * page and a partner's door, each a small page of its own. Its own root layout, outside Payload's
 * admin (whose shell cost the boarding page ~800 KB of scripts) and the public site's: no fonts to
 * fetch, no provider, nothing but the page.
 */
export const metadata: Metadata = { robots: { index: false, follow: false } };

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#073b4f' };

export default async function StaffAppLayout({ children }: { children: ReactNode }) {
  const { locale } = await staffAppSession();
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
