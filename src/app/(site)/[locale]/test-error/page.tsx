import { notFound } from 'next/navigation';

import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/**
 * Exists only when ENABLE_TEST_ROUTES=1 (the e2e build): proves that a crash during rendering
 * shows the error layout instead of a blank page.
 */
export default function TestErrorPage() {
  if (!env().ENABLE_TEST_ROUTES) notFound();
  throw new Error('Deliberate failure to exercise the error layout');
}
