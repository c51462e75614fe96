import { offerPage } from '../../_shared/offer-page';

const page = offerPage('agencies');

export const generateMetadata = page.generateMetadata;
export default page.Page;
