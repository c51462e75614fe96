import { cmsPage } from '../_shared/cms-page';

const page = cmsPage('legal');

export const generateMetadata = page.generateMetadata;
export default page.Page;
