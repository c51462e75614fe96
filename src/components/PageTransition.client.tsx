'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const FADE_MS = 160;
/** If a navigation hangs, the old page comes back rather than leaving a blank screen. */
const STUCK_MS = 8000;

function internalTarget(event: MouseEvent): { href: string; keepScroll: boolean } | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !anchor.href || anchor.hasAttribute('download') || anchor.hasAttribute('hreflang')) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  if (/^\/(admin|api)(\/|$)/.test(url.pathname)) return undefined;
  // Same page (only the hash differs): the browser scrolls to the anchor, no transition.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return { href: `${url.pathname}${url.search}${url.hash}`, keepScroll: anchor.dataset.keepScroll !== undefined };
}

/** The same-origin page an anchor leads to, for prefetching on intent. */
function intentTarget(event: Event): string | undefined {
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !anchor.href || anchor.hasAttribute('download') || anchor.hasAttribute('hreflang')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || /^\/(admin|api)(\/|$)/.test(url.pathname)) return undefined;
  if (url.pathname === window.location.pathname) return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * Out-in page transitions (docs/domain-rules.md#site-behaviour): the old page fades out, then the new one fades in.
 * Under prefers-reduced-motion nothing animates; navigation is still client-side.
 *
 * This is also the site's only client-side link handling: public pages render plain `<a>`
 * (docs/decisions/111-plain-links.md). next/link would add its module to every first load and
 * prefetch every link in view as the page loads; here a page is prefetched when the visitor
 * shows intent (pointer over, touch, keyboard focus), and a click navigates without a reload.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [phase, setPhase] = useState<'idle' | 'leaving' | 'entering'>('idle');
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setPhase('entering');
    const done = window.setTimeout(() => setPhase('idle'), FADE_MS);
    return () => window.clearTimeout(done);
  }, [pathname]);

  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let stuck: number | undefined;
    const prefetched = new Set<string>();
    function onIntent(event: Event) {
      const href = intentTarget(event);
      if (!href || prefetched.has(href)) return;
      prefetched.add(href);
      router.prefetch(href);
    }
    function onClick(event: MouseEvent) {
      const target = internalTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      if (reducedMotion.matches) {
        router.push(target.href, { scroll: !target.keepScroll });
        return;
      }
      setPhase('leaving');
      window.setTimeout(() => router.push(target.href, { scroll: !target.keepScroll }), FADE_MS);
      window.clearTimeout(stuck);
      stuck = window.setTimeout(() => setPhase('idle'), STUCK_MS);
    }
    const intents = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const type of intents) window.addEventListener(type, onIntent, { capture: true, passive: true });
    window.addEventListener('click', onClick, true);
    return () => {
      for (const type of intents) window.removeEventListener(type, onIntent, { capture: true });
      window.removeEventListener('click', onClick, true);
      window.clearTimeout(stuck);
    };
  }, [router]);

  return (
    <div className="page-transition" data-phase={phase}>
      {children}
    </div>
  );
}
