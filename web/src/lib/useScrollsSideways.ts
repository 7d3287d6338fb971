/**
 * Whether an element is narrower than its content (it scrolls sideways): such a scroller must be
 * reachable by keyboard (tabIndex 0) to be scrolled without a pointer; one that fits needs no tab stop.
 */
import { useEffect, useRef, useState } from 'react';

export function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}
