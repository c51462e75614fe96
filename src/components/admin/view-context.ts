import 'server-only';

import type { AdminViewServerProps } from 'payload';

import type { Role } from '@/collections/access';
import { opsLanguage, opsMessages, type OpsMessages } from '@/i18n/ops-messages';
import type { Locale } from '@/i18n/locales';

export type StaffView = {
  role: Role | null;
  language: Locale;
  t: OpsMessages;
};

/** Who is looking at one of our admin views, and in which of the four languages. */
export function staffView(props: Pick<AdminViewServerProps, 'initPageResult'>): StaffView {
  const req = props.initPageResult.req;
  const user = req.user as { role?: Role | null } | null | undefined;
  const language = opsLanguage(req.i18n?.language);
  return { role: user?.role ?? null, language, t: opsMessages(language) };
}

export const isOfficeRole = (role: Role | null) => role === 'admin' || role === 'office';
