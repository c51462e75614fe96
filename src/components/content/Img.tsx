import type { ImgHTMLAttributes } from 'react';

import type { Picture } from '@/content/media';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'alt'> & {
  picture: Picture;
  /** Overrides the picture's own text: "" where the image only repeats what is written beside it. */
  alt?: string;
  /**
   * How wide the image is drawn, for the browser to pick a copy from the picture's `srcSet`
   * before layout (a phone takes the 640 px card, not a 2,400 px original).
   */
  sizes: string;
};

/**
 * Our images are SVG drawings or photos with copies Payload resized on upload, served by us with
 * width and height set (no layout shift). next/image refuses SVG and ships client code for
 * nothing here, so a plain <img> it is.
 */
export function Img({ picture, alt, sizes, ...props }: Props) {
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={picture.url}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={alt ?? picture.alt}
      {...props}
    />
  );
}

/**
 * How wide each kind of picture is drawn (site.css): one column on a phone, the grids' tracks on
 * wider screens (the page is at most 72rem wide).
 */
export const DRAWN_WIDTH = {
  /** Heroes and the past page's enlarged picture: the whole window. */
  fullWidth: '100vw',
  /** Tour cards (tracks of at least 17rem), gallery strips (15rem) and the past page's grid (18rem). */
  gridTrack: '(min-width: 40rem) 24rem, 100vw',
  /** The fleet page: two fifths of the page beside the text from 60rem. */
  boat: '(min-width: 60rem) 29rem, 100vw',
  /** A text page's picture: at most 44rem. */
  textColumn: '(min-width: 46rem) 44rem, 100vw',
} as const;
