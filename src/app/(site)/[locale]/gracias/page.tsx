import { infoPage } from '../_shared/info-page';

const page = infoPage('thanks', { noindex: true });

export const generateMetadata = page.generateMetadata;
export default page.Page;
