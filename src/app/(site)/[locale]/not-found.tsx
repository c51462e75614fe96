import { NotFoundContent } from '@/components/NotFoundContent.client';
import { env } from '@/lib/env';

export default function NotFound() {
  return <NotFoundContent brand={env().SITE_BRAND} />;
}
