import { infoPage } from '../_shared/info-page';

const page = infoPage('legal');

export const generateMetadata = page.generateMetadata;
export default page.Page;
