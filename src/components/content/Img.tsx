import type { ImgHTMLAttributes } from 'react';

/**
 * Our images are SVG drawings or copies Payload already resized on upload, served by us with
 * width and height set (no layout shift). next/image refuses SVG and ships client code for
 * nothing here, so a plain <img> it is.
 */
export function Img({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // eslint-disable-next-line @next/next/no-img-element
  return <img alt={alt} {...props} />;
}
