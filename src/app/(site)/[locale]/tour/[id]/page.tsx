import { tourPage } from '../../_shared/tour-page';

const page = tourPage('tour');

export function generateStaticParams() {
  return [];
}
export const generateMetadata = page.generateMetadata;
export default page.Page;
