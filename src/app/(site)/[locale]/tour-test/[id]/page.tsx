import { tourPage } from '../../_shared/tour-page';

const page = tourPage('tourTest');

export function generateStaticParams() {
  return [];
}
export const generateMetadata = page.generateMetadata;
export default page.Page;
