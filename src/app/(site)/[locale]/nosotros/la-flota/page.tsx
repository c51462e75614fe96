import { infoPage } from '../../_shared/info-page';

const page = infoPage('fleet');

export const generateMetadata = page.generateMetadata;
export default page.Page;
