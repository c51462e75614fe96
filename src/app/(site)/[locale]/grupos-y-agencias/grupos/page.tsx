import { offerPage } from '../../_shared/offer-page';

const page = offerPage('groups');

export const generateMetadata = page.generateMetadata;
export default page.Page;
