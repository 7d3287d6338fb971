/**
 * After each navigation: scroll to the hash target (waiting briefly for a lazily loaded page to
 * render it) or to the top, and move focus to <main> so screen readers start at the new page.
 * Opening or closing a query-flag modal is not a navigation for this purpose, nor is a change
 * made with `state: { keepScroll: true }` (a search filter toggled in a sidebar).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MODAL_FLAGS } from '../lib/useQueryFlag';

function withoutModalFlags(search: string): string {
  const params = new URLSearchParams(search);
  for (const flag of MODAL_FLAGS) params.delete(flag);
  return params.toString();
}

/** Navigation state asking the scroll manager to leave the scroll position alone. */
export const KEEP_SCROLL = { keepScroll: true } as const;
const keepsScroll = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;

export function ScrollManager() {
  const { pathname, search, hash, state } = useLocation();
  const query = withoutModalFlags(search);
  const previousPath = useRef<string | null>(null);
  const keepScroll = useRef(false);
  // Declared before the scrolling effect, so it runs first on the same navigation.
  useEffect(() => {
    keepScroll.current = keepsScroll(state);
  }, [state]);

  useEffect(() => {
    const pathChanged = previousPath.current !== null && previousPath.current !== pathname;
    previousPath.current = pathname;
    if (keepScroll.current && !pathChanged) return undefined;
    let frame = 0;
    let tries = 0;
    const scroll = () => {
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (target) {
        target.scrollIntoView();
        return;
      }
      if (hash && tries < 30) {
        tries += 1;
        frame = window.requestAnimationFrame(scroll);
        return;
      }
      window.scrollTo(0, 0);
    };
    scroll();
    if (pathChanged && !hash) document.getElementById('main')?.focus({ preventScroll: true });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, query, hash]);

  return null;
}
