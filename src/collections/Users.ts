import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionAfterLoginHook,
  type CollectionBeforeOperationHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type IncomingAuthType,
  type PayloadRequest,
} from 'payload';

import { isLocale, locales, type Locale } from '../i18n/locales';
import { env, type Env } from '../lib/env';
import { passwordProblem, passwordProblemMessage } from '../lib/password-policy';

import { refuseFirstRegister } from '../security/first-user';
import { can, isPartnerDoorRole } from '../security/policy';
import { clearLoginFailures, throttleLogin } from '../security/login-throttle';

import { allow, allowField, roles } from './access';

function enforcePasswordPolicy(password: unknown, req: PayloadRequest): void {
  if (typeof password !== 'string' || password === '') return;
  const problem = passwordProblem(password);
  if (problem) {
    throw new ValidationError({
      collection: 'users',
      errors: [{ path: 'password', message: passwordProblemMessage(problem, req.i18n?.language) }],
    });
  }
}

/** Every password set (first user, admin:create, the account screen) meets the policy… */
const passwordPolicy: CollectionBeforeValidateHook = ({ data, req }) => {
  enforcePasswordPolicy(data?.password, req);
  return data;
};

/** …and so does one set through a reset link, which never passes the password to beforeValidate. */
const resetPasswordPolicy: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'resetPassword')
    enforcePasswordPolicy((args as { data?: { password?: unknown } }).data?.password, req);
  return args;
};

/**
 * The back office speaks the account's language (src/security/staff-route.ts, the boarding page):
 * Payload's own screens read it from the `payload-lng` cookie, set here on signing in and when
 * the account's language changes, so a fresh sign-in on a shared phone is in the crew member's
 * language, not the browser's (docs/decisions/138-boarding-offline-app.md).
 */
/** Each language's name, in each language of the back office. */
const LANGUAGE_NAMES: Record<Locale, Record<Locale, string>> = {
  ca: { ca: 'Català', es: 'Catalán', en: 'Catalan', fr: 'Catalan' },
  es: { ca: 'Castellà', es: 'Castellano', en: 'Spanish', fr: 'Espagnol' },
  en: { ca: 'Anglès', es: 'Inglés', en: 'English', fr: 'Anglais' },
  fr: { ca: 'Francès', es: 'Francés', en: 'French', fr: 'Français' },
};

function setLanguageCookie(req: PayloadRequest, language: unknown): void {
  if (!isLocale(language)) return;
  req.responseHeaders ??= new Headers();
  req.responseHeaders.append('Set-Cookie', `payload-lng=${language}; Path=/; SameSite=Lax`);
}

const languageOnLogin: CollectionAfterLoginHook = ({ req, user }) => {
  setLanguageCookie(req, (user as { language?: unknown }).language);
};

const languageOnChange: CollectionAfterChangeHook = ({ req, doc, previousDoc, operation }) => {
  if (operation === 'update' && req.user?.id === doc.id && doc.language !== previousDoc?.language) {
    setLanguageCookie(req, doc.language);
  }
  return doc;
};

/**
 * Staff sessions: the cookie is HttpOnly (always, in Payload), SameSite=Lax and, in production,
 * Secure; it lasts 2 hours, which the back office renews while staff are active, so a forgotten
 * session on a shared ticket-office computer ends soon.
 */
export function staffAuth(appEnv: Env['APP_ENV']): IncomingAuthType {
  return {
    tokenExpiration: 2 * 60 * 60,
    cookies: { secure: appEnv === 'production', sameSite: 'Lax' },
    // No account lockout: anyone could lock staff out with their e-mail. Logins are throttled per
    // IP and account with backoff instead (src/security/login-throttle.ts).
    maxLoginAttempts: 0,
  };
}

export const Users: CollectionConfig = {
  slug: 'users',
  auth: staffAuth(env().APP_ENV),
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'role'],
    group: 'Settings',
    components: {
      views: {
        // Shown at /admin/collections/users/create to members who may not create accounts
        // (src/app/(payload)/admin/[[...segments]]/page.tsx).
        createRefused: {
          Component: '/components/admin/StaffAccountRefusedView#default',
          path: '/create-refused',
          exact: true,
        },
      },
    },
  },
  access: {
    // Everyone signed in may see and edit themselves; only admins see or manage the others.
    read: ({ req }) => (req.user ? (can(req.user, 'users.manage') ? true : { id: { equals: req.user.id } }) : false),
    create: allow('users.manage'),
    update: ({ req }) => (req.user ? (can(req.user, 'users.manage') ? true : { id: { equals: req.user.id } }) : false),
    delete: allow('users.manage'),
  },
  endpoints: [refuseFirstRegister],
  hooks: {
    beforeValidate: [passwordPolicy],
    beforeOperation: [resetPasswordPolicy, throttleLogin],
    afterLogin: [clearLoginFailures, languageOnLogin],
    afterChange: [languageOnChange],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'language',
      type: 'select',
      label: { ca: 'Idioma', es: 'Idioma', en: 'Language', fr: 'Langue' },
      options: locales.map((code) => ({ label: LANGUAGE_NAMES[code], value: code })),
    },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'office',
      options: roles.map((role) => ({ label: role, value: role })),
      access: { update: allowField('users.manage'), create: allowField('users.manage') },
      saveToJWT: true,
    },
    // Issue 44: a partner's door staff see only their partner's admissions (src/operations/door.ts).
    {
      name: 'partner',
      label: 'Partner',
      type: 'relationship',
      relationTo: 'partners',
      access: { update: allowField('users.manage'), create: allowField('users.manage') },
      saveToJWT: true,
      admin: {
        condition: (data) => isPartnerDoorRole(data),
        description: 'The partner whose door this user checks admissions at.',
      },
      validate: (value: unknown, { siblingData }: { siblingData: { role?: string } }) =>
        isPartnerDoorRole(siblingData) && (value === null || value === undefined) ? 'Required' : true,
    },
  ],
};
