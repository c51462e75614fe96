import 'server-only';

import type { AdminViewServerProps } from 'payload';

import type { Role } from '@/collections/access';
import { opsLanguage, opsMessages, type OpsMessages } from '@/i18n/ops-messages';
import type { Locale } from '@/i18n/locales';
import { can, type Action, type Resource } from '@/security/policy';

export type StaffView = {
  role: Role | null;
  language: Locale;
  t: OpsMessages;
  /** May the viewer do this? The staff policy's answer (src/security/policy.ts), never a role name. */
  can: (action: Action, resource?: Resource) => boolean;
};

/** Who is looking at one of our admin views, and in which of the four languages. */
export function staffView(props: Pick<AdminViewServerProps, 'initPageResult'>): StaffView {
  const req = props.initPageResult.req;
  const user = req.user as { role?: Role | null } | null | undefined;
  const language = opsLanguage(req.i18n?.language);
  return {
    role: user?.role ?? null,
    language,
    t: opsMessages(language),
    can: (action, resource) => can(user, action, resource),
  };
}

/** The same, for a page outside Payload's admin (the staff's light app): its user and language. */
export function staffViewOf(user: { role?: Role | null } | null | undefined, locale: unknown): StaffView {
  const language = opsLanguage(locale);
  return {
    role: user?.role ?? null,
    language,
    t: opsMessages(language),
    can: (action, resource) => can(user, action, resource),
  };
}
