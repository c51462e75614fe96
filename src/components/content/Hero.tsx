import type { ReactNode } from 'react';

import type { Picture } from '@/content/media';

import { Img } from './Img';

/**
 * The header of the home, tour and school pages: a full-width picture, loaded first (it is the
 * largest paint), with the page's title and call to action over it.
 */
export function Hero({
  variant,
  image,
  children,
}: {
  /** `home` is taller and darker; `tour` serves the tour and school pages. */
  variant: 'home' | 'tour';
  image: Picture | undefined;
  children: ReactNode;
}) {
  return (
    <header className={`${variant}-hero`}>
      {image ? (
        <Img
          className={`${variant}-hero__image`}
          src={image.url}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
        />
      ) : null}
      <div className={`${variant}-hero__text`}>{children}</div>
    </header>
  );
}
