// Parts of a server-rendered page below the fold: their code is downloaded, and React hydrates
// the server's HTML for them, only when they come near the screen (issue 5: the first view loads
// and runs only what it shows). Rendered on the client from scratch, they load at once.
import { Button } from '@mantine/core';
import {
  Component,
  memo,
  Suspense,
  use,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';

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
 * hydration attempt that suspends on the download can leave the part dehydrated). The app's own
 * document listeners that must see them listen in the capture phase. A click on a
 * control (or Enter/Space, which browsers turn into one) is held. The returned function, called
 * once the part is hydrated, stops all this, tells React where the focus is, and replays the held
 * click on the same element, which hydration keeps.
 */
function holdEvents(element: Element, onReach: () => void): () => void {
  let held: HTMLElement | null = null;
  const listener = (event: Event) => {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    // Other document listeners that capture (click-outside, focus handling) still run.
    event.stopPropagation();
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
    // A moment later: the part's own effects have just run (embla, for one, only hands its API
    // to the carousel's buttons in the render they trigger).
    if (control) setTimeout(() => setTimeout(() => control.isConnected && control.click()));
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

let serverHtmlFirst = false;

/** Called by the browser entry before it hydrates server HTML (see preloadForClientRender). */
export function expectServerHtml(): void {
  serverHtmlFirst = true;
}

/**
 * For a route that draws deferred parts: on the page's first load over server HTML, nothing (the
 * parts load as they near the screen); on every other render (client navigation, a page drawn in
 * the browser), their code, so that the route draws them at once instead of leaving gaps.
 */
export function preloadForClientRender(): Promise<unknown> | undefined {
  if (serverHtmlFirst) {
    serverHtmlFirst = false;
    return undefined;
  }
  // A failed download must not fail the route: the part itself then shows 'Reintentar'.
  return preloadDeferred().catch(() => undefined);
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

/** Shown instead of a part whose code could not be downloaded (drawn on the client only). */
class PartBoundary extends Component<
  { onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="deferred-failure">
        <p>No pudimos cargar esta parte de la página. Revisa tu conexión.</p>
        <Button
          variant="light"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          Reintentar
        </Button>
      </div>
    );
  }
}

/**
 * A component whose code is loaded by `load` and, when its server HTML is being hydrated, only
 * once the element `nearId` comes near the screen or the visitor reaches into it. Until then the
 * server's HTML stays as it is: links work as plain links, and a click on a button is held and
 * replayed once the part is hydrated (holdEvents). If that download fails, the server's HTML
 * stays and the next event inside it tries again; drawn on the client, a failed download shows a
 * Spanish error with 'Reintentar'.
 *
 * Hydrating later is safe only while nothing above changes what the part would render: the
 * component is memoised, so give it stable props (or none), and keep the providers above it
 * stable.
 */
export function deferred<P extends object>({ nearId, margin, load }: DeferredOptions<P>) {
  /** The part's component, once its code is here. */
  let Loaded: ComponentType<P> | undefined;
  /** The download under way, done, or failed (kept, so renders do not start one after another). */
  let loading: Promise<ComponentType<P>> | undefined;
  let failed = false;
  /** Settles only with the component: what hydration waits for, whatever attempts fail. */
  let loadedForHydration: Promise<ComponentType<P>> | undefined;
  /** Hands the visitor's events back to React once hydrated (see holdEvents). */
  let releaseEvents: (() => void) | undefined;

  const preload = (): Promise<ComponentType<P>> => {
    if (!loading) {
      const promise = load();
      loading = promise;
      failed = false;
      promise.then(
        (component) => {
          Loaded = component;
          markFulfilled(promise, component);
        },
        (error: unknown) => {
          failed = true;
          Object.assign(promise, { status: 'rejected', reason: error });
        },
      );
    }
    return loading;
  };
  /** Forgets a failed download, so that the next preload() tries again. */
  const forgetFailure = () => {
    if (!failed) return;
    loading = undefined;
    failed = false;
  };
  everyPreload.push(() => {
    forgetFailure();
    return preload();
  });

  const preloadForHydration = (): Promise<ComponentType<P>> => {
    if (Loaded) return preload();
    const element = document.getElementById(nearId);
    if (!element) return preload();
    if (!loadedForHydration) {
      let resolve!: (component: ComponentType<P>) => void;
      const promise = new Promise<ComponentType<P>>((r) => (resolve = r));
      loadedForHydration = promise;
      let attempting = false;
      // Whichever comes first: the part nears the screen, or the visitor reaches into it. A
      // failed attempt waits for the next event inside the part.
      const attempt = () => {
        if (attempting || Loaded) return;
        attempting = true;
        forgetFailure();
        preload().then(resolve, () => {
          attempting = false;
        });
      };
      void whenNear(element, margin).then(attempt);
      releaseEvents = holdEvents(element, attempt);
      void promise.then((component) => markFulfilled(promise, component));
    }
    return loadedForHydration;
  };

  function Part(props: P) {
    // Suspends until the code is here; from then on the same component every render.
    use(useHydrating() ? preloadForHydration() : preload());
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
      <PartBoundary onRetry={forgetFailure}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </PartBoundary>
    );
  });
  return Object.assign(Deferred, {
    preload: () => {
      forgetFailure();
      return preload();
    },
  });
}
