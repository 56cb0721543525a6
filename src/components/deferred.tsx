// Parts of a server-rendered page below the fold: their code is downloaded, and React hydrates
// the server's HTML for them, only when they come near the screen (issue 5: the first view loads
// and runs only what it shows). Rendered on the client from scratch, they load at once.
import { memo, Suspense, use, useEffect, useSyncExternalStore, type ComponentType } from 'react';

const subscribeToNothing = () => () => {};
/**
 * True on the server and while React hydrates its HTML (React reads the server snapshot then),
 * false in client renders; once hydrated, a component using it renders again with false.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/** Resolves when `element` comes within `margin` of the viewport (at once without IntersectionObserver). */
function whenNear(element: Element, margin: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined') {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}

/** Events by which a visitor reaches into a part (keyboard, pointer, touch). */
const HELD_EVENTS = [
  'click',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'focusin',
  'focusout',
] as const;

/** What does nothing in server HTML until React hydrates it (links work on their own). */
const CONTROLS = 'button, [role="button"], input, select, textarea, summary';

/**
 * While `element` is server HTML that React has not hydrated, the visitor's events inside it
 * start its download (`onReach`) and are kept from React, which could not handle them yet (a
 * hydration attempt that suspends on the download can leave the part dehydrated). A click on a
 * control (or Enter/Space, which browsers turn into one) is held. The returned function, called
 * once the part is hydrated, stops all this, tells React where the focus is, and replays the held
 * click on the same element, which hydration keeps.
 */
function holdEvents(element: Element, onReach: () => void): () => void {
  let held: HTMLElement | null = null;
  const listener = (event: Event) => {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    event.stopImmediatePropagation();
    onReach();
    if (event.type !== 'click') return;
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!(control instanceof HTMLElement)) return;
    event.preventDefault();
    held = control;
  };
  for (const type of HELD_EVENTS) document.addEventListener(type, listener, true);
  return () => {
    for (const type of HELD_EVENTS) document.removeEventListener(type, listener, true);
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && element.contains(focused)) {
      focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    const control = held;
    held = null;
    if (control?.isConnected) control.click();
  };
}

/**
 * Marks a settled promise the way React's `use` reads it, so a part whose code is already here
 * renders at once instead of suspending for a tick.
 */
function markFulfilled<T>(promise: Promise<T>, value: T) {
  Object.assign(promise, { status: 'fulfilled', value });
}

const everyPreload: (() => Promise<unknown>)[] = [];

/** Loads the code of every deferred part: the server does this before it renders a page. */
export function preloadDeferred(): Promise<unknown> {
  return Promise.all(everyPreload.map((preload) => preload()));
}

export interface DeferredOptions<P> {
  /** The element (drawn by the server) whose approach to the screen starts the download. */
  nearId: string;
  /**
   * How close it must come, as an IntersectionObserver rootMargin: '100% 0px' (a screen ahead)
   * for interactive parts, '0px' for static ones, whose server HTML already works.
   */
  margin: string;
  load: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code is loaded by `load` and, when its server HTML is being hydrated, only
 * once the element `nearId` comes near the screen or the visitor reaches into it. Until then the
 * server's HTML stays as it is: links work as plain links, and a click on a button is held and
 * replayed once the part is hydrated (holdEvents).
 *
 * Hydrating later is safe only while nothing above changes what the part would render: the
 * component is memoised, so give it stable props (or none).
 */
export function deferred<P extends object>({ nearId, margin, load }: DeferredOptions<P>) {
  /** The part's component, once its code is here. */
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let loadingWhenNear: Promise<ComponentType<P>> | undefined;
  /** Hands the visitor's events back to React once hydrated (see holdEvents). */
  let releaseEvents: (() => void) | undefined;

  const preload = (): Promise<ComponentType<P>> => {
    if (!loading) {
      const promise = load();
      loading = promise;
      promise.then(
        (component) => {
          Loaded = component;
          markFulfilled(promise, component);
        },
        () => {
          // A failed download (a flaky network) is tried again by the next render.
          loading = undefined;
          loadingWhenNear = undefined;
        },
      );
    }
    return loading;
  };
  everyPreload.push(preload);

  const preloadWhenNear = (): Promise<ComponentType<P>> => {
    if (loading) return loading;
    const element = document.getElementById(nearId);
    if (!element) return preload();
    if (!loadingWhenNear) {
      // Whichever comes first: the part nears the screen, or the visitor reaches into it.
      let start!: () => void;
      const started = new Promise<void>((resolve) => (start = resolve));
      void whenNear(element, margin).then(start);
      releaseEvents = holdEvents(element, () => start());
      const promise = started.then(preload);
      loadingWhenNear = promise;
      void promise.then(
        (component) => markFulfilled(promise, component),
        () => undefined,
      );
    }
    return loadingWhenNear;
  };

  function Part(props: P) {
    // Suspends until the code is here; from then on the same component every render.
    use(useHydrating() ? preloadWhenNear() : preload());
    // Runs once the part is hydrated (after its children's effects): nothing to hold any more.
    useEffect(() => {
      const release = releaseEvents;
      releaseEvents = undefined;
      release?.();
    }, []);
    const Component = Loaded!;
    return <Component {...props} />;
  }

  const Deferred = memo(function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
  return Object.assign(Deferred, { preload });
}
