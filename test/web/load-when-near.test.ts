// A lazy part's code loads when its element nears the screen, or at once when the element has
// left the page before that: React keeps the first load's promise, so a part whose page was left
// at once must not wait forever, on the next visit, for an element that is gone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenNear } from '@/lib/load-when-near';

/** An IntersectionObserver whose entries the test sends by hand. */
class ManualObserver {
  static last: ManualObserver | undefined;
  constructor(public callback: (entries: { isIntersecting: boolean }[]) => void) {
    ManualObserver.last = this;
  }
  observe() {}
  disconnect() {}
}

describe('loadWhenNear', () => {
  // The web setup's stub never reports; it is writable, not configurable.
  const stub = window.IntersectionObserver;
  beforeEach(() => {
    window.IntersectionObserver = ManualObserver as unknown as typeof IntersectionObserver;
    document.body.innerHTML = '<section id="near-part"></section>';
  });
  afterEach(() => {
    window.IntersectionObserver = stub;
    document.body.innerHTML = '';
  });

  it('loads once the element comes near the screen, not before', async () => {
    const load = vi.fn(async () => 'code');
    const started = loadWhenNear('near-part', '100% 0px', load)();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    ManualObserver.last!.callback([{ isIntersecting: true }]);
    await expect(started).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when the element leaves the page before it came near', async () => {
    const load = vi.fn(async () => 'code');
    const started = loadWhenNear('near-part', '100% 0px', load)();
    document.getElementById('near-part')!.remove();
    await expect(started).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once where the page holds no such element', async () => {
    document.body.innerHTML = '';
    const load = vi.fn(async () => 'code');
    await expect(loadWhenNear('near-part', '100% 0px', load)()).resolves.toBe('code');
  });
});
