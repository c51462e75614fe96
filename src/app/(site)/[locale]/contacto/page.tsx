import { RequestFormSection } from '@/components/requests/RequestFormSection';

import { infoPage, resolveLocale } from '../_shared/info-page';

const page = infoPage('contact');

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = page.generateMetadata;

export default async function ContactPage(props: Props) {
  const locale = await resolveLocale(props.params);
  return (
    <>
      <page.Page {...props} />
      <RequestFormSection kind="contact" locale={locale} />
    </>
  );
}
