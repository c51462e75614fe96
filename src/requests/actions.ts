'use server';

import { headers } from 'next/headers';

import { valuesFromFormData, type ActionState } from '@/forms/form-core';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { clientIp } from '@/lib/client-ip';
import { HONEYPOT_FIELD, processSubmission } from '@/lib/form-submission';
import { logger } from '@/lib/logger';
import { payloadClient } from '@/lib/payload';
import { createRateLimiter } from '@/lib/rate-limit';

import { requestSchemas, type RequestKind } from './schemas';
import { submitRequest, tourTitles } from './service';

/** 5 requests per 10 minutes per form and per IP (decision 020). */
const limiter = createRateLimiter({ name: 'forms', limit: 5, windowMs: 10 * 60 * 1000 });

async function handle(kind: RequestKind, previous: ActionState, formData: FormData): Promise<ActionState> {
  const posted = formData.get('locale');
  const locale = isLocale(posted) ? posted : defaultLocale;
  try {
    const payload = await payloadClient();
    const requestHeaders = await headers();
    return await processSubmission({
      form: kind,
      schema: requestSchemas[kind],
      previous,
      formData,
      headers: requestHeaders,
      limiter,
      check: async (data) => {
        if (!('tour' in data)) return undefined;
        return (await tourTitles(payload, data.tour)) ? undefined : { tour: 'option' };
      },
      store: async (data) => {
        await submitRequest(payload, { kind, locale, data: data as never, ip: clientIp(requestHeaders) });
      },
    });
  } catch (error) {
    // A thrown action would replace the page with the error screen; the visitor keeps the form instead.
    logger.error({ event: 'form.action_failed', form: kind, error: error instanceof Error ? error.name : 'unknown' });
    const values = valuesFromFormData(formData);
    delete values.stamp;
    delete values[HONEYPOT_FIELD];
    return { status: 'failed', httpStatus: 500, errors: {}, values, stamp: previous.stamp, seq: previous.seq + 1 };
  }
}

export async function submitSchoolRequest(previous: ActionState, formData: FormData): Promise<ActionState> {
  return handle('school', previous, formData);
}
export async function submitGroupRequest(previous: ActionState, formData: FormData): Promise<ActionState> {
  return handle('group', previous, formData);
}
export async function submitAgencyRequest(previous: ActionState, formData: FormData): Promise<ActionState> {
  return handle('agency', previous, formData);
}
export async function submitContactRequest(previous: ActionState, formData: FormData): Promise<ActionState> {
  return handle('contact', previous, formData);
}
