import { infoPage } from '../_shared/info-page';

const page = infoPage('cookies');

export const generateMetadata = page.generateMetadata;
export default page.Page;
