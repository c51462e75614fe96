'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'summary, a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The phone menu: a <details> disclosure, so it still opens and closes with no JavaScript. With
 * JavaScript it behaves like a menu dialog should: Escape closes it and gives focus back to its
 * button, Tab cycles inside it while it is open, and it closes once the visitor has navigated
 * (a client-side navigation keeps the header mounted, so <details> alone would stay open).
 */
export function SiteMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();

  // Closed when the pathname changes, not when the page hydrates: a visitor may have opened the
  // menu before its scripts arrived (they start after the first paint), and it stays open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector('summary');
    const close = (returnFocus: boolean) => {
      details.open = false;
      if (returnFocus) summary?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(details.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // A link to the page already shown changes no pathname: close on the click itself too.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) close(false);
    };
    // A tap outside the open menu closes it, as on any phone menu.
    const onOutside = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close(false);
    };
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('click', onClick);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('click', onClick);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, []);

  return (
    <details className="site-menu" ref={ref}>
      <summary className="site-menu__toggle">{label}</summary>
      {children}
    </details>
  );
}
