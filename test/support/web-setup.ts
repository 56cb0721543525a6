// Setup of the `web` vitest project: jest-dom matchers, MSW with unhandled requests as errors,
// a clean store/cache/storage per test, and the browser APIs Mantine needs that jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { resetOverlays } from '@/components/overlays/overlays';
import { mockDb, server } from './msw/server';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(window, 'IntersectionObserver', {
  writable: true,
  value: IntersectionObserverStub,
});
Element.prototype.scrollIntoView = vi.fn();
// Mantine's autosizing Textarea listens for web fonts loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
});
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Lazy chunks (carousel, modal, auth screens) are compiled on first use, which on a busy two-core
// machine has taken over 4 s: allow for that (the test timeout is 15 s).
configure({ asyncUtilTimeout: 8000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  mockDb.reset();
  localStorage.clear();
  sessionStorage.clear();
  resetOverlays();
  notifications.clean();
  document.documentElement.removeAttribute('style');
});

afterAll(() => server.close());
