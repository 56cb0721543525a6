// When the code of a part drawn by the server below the fold should download: once the part
// comes near the screen. For React's `lazy()`: until the promise settles, React keeps the
// server's HTML of that part as it is (links work, nothing is lost) and hydrates it afterwards.
// Drawn by the browser itself (a later visit to the page), the part loads at once.

/**
 * Resolves when `element` comes within `margin` of the viewport, or leaves the page first: React
 * keeps the first load's promise of a lazy part, so a page left before its part came near (the
 * visitor moved on at once) must not leave the part waiting, on the next visit, for an element
 * that is gone.
 */
function whenNear(element: Element, margin: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined') {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      removal.disconnect();
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: margin },
    );
    const removal = new MutationObserver(() => {
      if (!element.isConnected) done();
    });
    removal.observe(document.body, { childList: true, subtree: true });
    observer.observe(element);
  });
}

/**
 * `load`, started once the element with id `nearId` comes within `margin` of the screen (at
 * once on the server, and where the page holds no such element yet).
 */
export function loadWhenNear<T>(
  nearId: string,
  margin: string,
  load: () => Promise<T>,
): () => Promise<T> {
  return () => {
    const element = typeof document === 'undefined' ? null : document.getElementById(nearId);
    return element ? whenNear(element, margin).then(load) : load();
  };
}
