import { RequestFormSection } from '@/components/requests/RequestFormSection';

import { infoPage, resolveLocale } from '../../_shared/info-page';

const page = infoPage('groups');

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = page.generateMetadata;

export default async function GroupsPage(props: Props) {
  const locale = await resolveLocale(props.params);
  return (
    <>
      <page.Page {...props} />
      <RequestFormSection kind="group" locale={locale} />
    </>
  );
}
