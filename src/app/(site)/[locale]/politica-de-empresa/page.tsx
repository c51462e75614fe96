import { cmsPage } from '../_shared/cms-page';

const page = cmsPage('companyPolicy');

export const generateMetadata = page.generateMetadata;
export default page.Page;
