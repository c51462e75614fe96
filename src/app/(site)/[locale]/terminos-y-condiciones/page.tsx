import { cmsPage } from '../_shared/cms-page';

const page = cmsPage('terms');

export const generateMetadata = page.generateMetadata;
export default page.Page;
