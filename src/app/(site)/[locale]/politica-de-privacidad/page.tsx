import { cmsPage } from '../_shared/cms-page';

const page = cmsPage('privacy');

export const generateMetadata = page.generateMetadata;
export default page.Page;
