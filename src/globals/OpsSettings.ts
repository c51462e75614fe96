import type { GlobalConfig } from 'payload';

import { allow } from '../collections/access';

/** Defaults of the weather warning on today's board: the operator's rule of thumb for the harbour. */
export const DEFAULT_GUST_WARNING_KMH = 40;
export const DEFAULT_WIND_WARNING_KMH = 30;

/**
 * Settings of the day's operations that office staff change without a deployment: when the
 * today board warns about the wind (the moment to decide whether a departure sails).
 */
export const OpsSettings: GlobalConfig = {
  slug: 'ops-settings',
  admin: { group: 'Operations' },
  access: { read: allow('settings.read'), update: allow('settings.manage') },
  fields: [
    {
      name: 'gustWarningKmh',
      type: 'number',
      required: true,
      min: 1,
      max: 200,
      defaultValue: DEFAULT_GUST_WARNING_KMH,
      admin: { description: 'Warn on the today board when forecast gusts reach this speed (km/h).' },
    },
    {
      name: 'windWarningKmh',
      type: 'number',
      required: true,
      min: 1,
      max: 200,
      defaultValue: DEFAULT_WIND_WARNING_KMH,
      admin: { description: 'Warn on the today board when the forecast mean wind reaches this speed (km/h).' },
    },
  ],
};
