// The auth screens hide the page's vertical scrolling while shown; their own panel
// still scrolls, so nothing is cut off on short or zoomed screens (WCAG 1.4.10).
import { useEffect } from 'react';

export function useHidePageScroll() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflowY;
    root.style.overflowY = 'hidden';
    return () => {
      root.style.overflowY = previous;
    };
  }, []);
}
