import type { ReactNode } from 'react';

import type { Picture } from '@/content/media';

import { DRAWN_WIDTH, Img } from './Img';

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
        <Img className={`${variant}-hero__image`} picture={image} sizes={DRAWN_WIDTH.fullWidth} fetchPriority="high" />
      ) : null}
      <div className={`${variant}-hero__text`}>{children}</div>
      {/* Drawn only once the parser has reached this: the text is anchored to the picture's foot,
          so a title drawn before what follows it would be pushed up the screen (decision 156). */}
      <span hidden data-hero-text-end="" />
    </header>
  );
}
