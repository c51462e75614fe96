'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAWN_WIDTH, Img } from './Img';

type Item = {
  id: number;
  year: number;
  caption: string;
  image: { url: string; alt: string; width: number; height: number };
};
type Labels = { enlarge: string; dialog: string; close: string; previous: string; next: string; counter: string };

/**
 * Pictures a first screen can show: two rows at the widest layout (three columns of at least 18rem
 * in 72rem). A phone shows fewer, but fetches these soon anyway (lazy loading starts well before
 * the fold).
 */
const FIRST_SCREEN = 6;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * Thumbnails are buttons; the enlarged image opens in a native <dialog> (focus trapped, Escape
 * closes, focus returns to the thumbnail), with arrow keys and buttons to move between images.
 */
export function PastGallery({ items, labels }: { items: Item[]; labels: Labels }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);

  const show = (i: number, button: HTMLButtonElement) => {
    opener.current = button;
    setIndex(i);
  };
  useEffect(() => {
    const node = dialog.current;
    if (index !== null && node && !node.open) node.showModal();
  }, [index]);

  const move = useCallback(
    (step: number) => setIndex((i) => (i === null ? i : (i + step + items.length) % items.length)),
    [items.length],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  };
  const onClose = () => {
    setIndex(null);
    opener.current?.focus();
  };
  const current = index === null ? undefined : items[index];

  return (
    <>
      <ul className="past-grid">
        {items.map((item, i) => (
          <li key={item.id}>
            <figure>
              <button
                type="button"
                className="past-grid__open"
                onClick={(e) => show(i, e.currentTarget)}
                aria-haspopup="dialog"
              >
                <Img
                  picture={item.image}
                  sizes={DRAWN_WIDTH.gridTrack}
                  // The first screen's pictures are fetched at once, the first (the largest paint)
                  // before anything else; the rest when scrolled near.
                  loading={i < FIRST_SCREEN ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i < FIRST_SCREEN ? undefined : 'async'}
                />
                <span className="visually-hidden">{fill(labels.enlarge, { year: item.year })}</span>
              </button>
              <figcaption>
                <strong>{item.year}</strong> · {item.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="lightbox" aria-label={labels.dialog} onClose={onClose} onKeyDown={onKeyDown}>
        {current ? (
          <figure className="lightbox__figure">
            <Img picture={current.image} sizes={DRAWN_WIDTH.fullWidth} />
            <figcaption>
              <strong>{current.year}</strong> · {current.caption}{' '}
              <span className="lightbox__counter">
                {fill(labels.counter, { index: (index ?? 0) + 1, total: items.length })}
              </span>
            </figcaption>
          </figure>
        ) : null}
        <div className="lightbox__controls">
          <button type="button" className="button button--secondary" onClick={() => move(-1)}>
            <span aria-hidden="true">←</span> {labels.previous}
          </button>
          <button type="button" className="button button--secondary" onClick={() => move(1)}>
            {labels.next} <span aria-hidden="true">→</span>
          </button>
          <button type="button" className="button" onClick={() => dialog.current?.close()} autoFocus>
            {labels.close}
          </button>
        </div>
      </dialog>
    </>
  );
}
