import { cmsPage } from '../_shared/cms-page';

const page = cmsPage('cookies');

export const generateMetadata = page.generateMetadata;
export default page.Page;
