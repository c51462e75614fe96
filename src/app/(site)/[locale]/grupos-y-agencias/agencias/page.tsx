import { infoPage } from '../../_shared/info-page';

const page = infoPage('agencies');

export const generateMetadata = page.generateMetadata;
export default page.Page;
