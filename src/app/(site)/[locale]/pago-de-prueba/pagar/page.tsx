import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { formatEuros } from '@/booking/money';
import { SandboxPaymentForm } from '@/components/shop/SandboxPaymentForm';
import { env } from '@/lib/env';
import { SANDBOX_TEST_CARD, readSandboxRequest } from '@/payments';
import { resolveLocale } from '@/i18n/page-locale';

// Every visit carries its own signed request; nothing here may be cached or indexed.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'shop.sandbox' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export default async function SandboxPaymentPage({ params, searchParams }: Props) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'shop.sandbox' });
  const query = await searchParams;
  const fields = {
    Ds_SignatureVersion: one(query.Ds_SignatureVersion) ?? '',
    Ds_MerchantParameters: one(query.Ds_MerchantParameters) ?? '',
    Ds_Signature: one(query.Ds_Signature) ?? '',
  };
  const opened = env().APP_ENV === 'production' ? null : readSandboxRequest(fields, { siteUrl: env().SITE_URL });
  if (!opened?.ok) {
    return (
      <article className="page">
        <h1>{t('title')}</h1>
        <p role="alert">{t('invalid')}</p>
      </article>
    );
  }
  const { request } = opened;
  return (
    <article className="page">
      <h1>{t('title')}</h1>
      <SandboxPaymentForm
        fields={fields}
        amount={formatEuros(request.amountCents, locale)}
        orderRef={request.orderRef}
        description={request.description}
        labels={{
          notice: t('notice'),
          amount: t('amount'),
          order: t('order'),
          merchant: t('merchant'),
          card: t('card'),
          cardHint: t('cardHint', { card: SANDBOX_TEST_CARD }),
          pay: t('pay'),
          decline: t('decline'),
        }}
      />
    </article>
  );
}
