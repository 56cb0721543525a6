// Accessibility checks shared by the specs: axe-core at WCAG 2.2 AA, visible focus, target size
// and Spanish accessible names.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
  expect(report, `axe WCAG 2.2 AA violations on ${what}`).toEqual([]);
}

/**
 * The focused element shows a focus indicator: its focused look (outline, ring, border, background)
 * differs from an unfocused copy of itself, and it is on screen, not hidden under the fixed bar.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  // A carousel still scrolling a slide into view (after the focus moved) can pass its cards under
  // a control for a moment: the check is repeated until the page settles, for at most 2 s, and a
  // control that stays hidden still fails.
  const deadline = Date.now() + 2_000;
  let focus = await focusState(page);
  while (!focus.ok && Date.now() < deadline) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    focus = await focusState(page);
  }
  // Soft: a journey goes on, so one run reports every step where focus is hard to see.
  expect.soft(focus.ok, `visible focus indicator on ${focus.what}`).toBe(true);
}

function focusState(page: Page): Promise<{ ok: boolean; what: string }> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'nothing focused (body)' };
    // Let the focus transition (e.g. a border colour fading in) reach its end state.
    const running = [...el.getAnimations(), ...(el.parentElement?.getAnimations() ?? [])];
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((done) => setTimeout(done, 500)),
    ]);
    const label = (
      el.getAttribute('aria-label') ??
      el.textContent ??
      (el as HTMLInputElement).name ??
      ''
    ).trim();
    const what = `${el.tagName.toLowerCase()} "${label.slice(0, 40)}"`;
    const look = (node: Element) => {
      const s = getComputedStyle(node);
      return [
        s.outlineStyle === 'none'
          ? 'none'
          : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        s.boxShadow,
        s.borderTopColor,
        s.borderBottomColor,
        s.borderLeftColor,
        s.backgroundColor,
        s.color,
        s.textDecorationLine,
      ].join('|');
    };
    const differsFromUnfocusedCopy = (node: HTMLElement) => {
      const copy = node.cloneNode(false) as HTMLElement;
      copy.removeAttribute('id');
      copy.style.position = 'absolute';
      copy.style.pointerEvents = 'none';
      node.after(copy);
      const changed = look(copy) !== look(node);
      copy.remove();
      return changed;
    };
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return { ok: false, what: `${what} (has no size)` };
    // WCAG 2.4.11 (AA): the focused control must not be entirely hidden by author content such as
    // the fixed bar or a notification. Sample its centre and corners.
    const inView =
      r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
    if (inView) {
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      let cover: Element | null = null;
      const seen = points.some(([x, y]) => {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        if (!hit || el.contains(hit) || hit.contains(el) || hit.closest('label')) return true;
        cover = hit;
        return false;
      });
      if (!seen && cover) {
        const c = cover as Element;
        return {
          ok: false,
          what: `${what} (entirely hidden by ${c.tagName.toLowerCase()}.${c.className})`,
        };
      }
    }
    const indicated =
      differsFromUnfocusedCopy(el) ||
      (el.parentElement !== null && differsFromUnfocusedCopy(el.parentElement));
    return {
      ok: indicated,
      what: indicated ? what : `${what} (looks the same focused and unfocused)`,
    };
  });
}

export interface NamedControl {
  role: string;
  name: string;
}

const CONTROL_ROLES = [
  'button',
  'link',
  'textbox',
  'checkbox',
  'radio',
  'combobox',
  'menuitem',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'searchbox',
  'option',
];

/** Every control in the accessibility tree under `scope`, with its accessible name. */
export async function controlsOf(scope: Locator): Promise<NamedControl[]> {
  const snapshot = await scope.ariaSnapshot();
  const controls: NamedControl[] = [];
  const line = new RegExp(
    `^\\s*- (${CONTROL_ROLES.join('|')})(?: "((?:[^"\\\\]|\\\\.)*)"| (/.*/))?(?=[\\s:\\[]|$)`,
  );
  for (const text of snapshot.split('\n')) {
    const m = line.exec(text);
    if (m) controls.push({ role: m[1]!, name: (m[2] ?? m[3] ?? '').trim() });
  }
  return controls;
}

// Words that betray an untranslated (English) accessible name.
const ENGLISH =
  /\b(close|open|next|previous|prev|slide|slides|toggle|loading|submit|play|pause|stop|search|navigation|button|image|go to|show|hide|menu button|carousel|dismiss|clear|back|home)\b/i;

/** Every control under `scope` has a non-empty accessible name that is not English. */
export async function expectSpanishNames(scope: Locator, what: string): Promise<void> {
  const controls = await controlsOf(scope);
  expect(controls.length, `${what} has controls`).toBeGreaterThan(0);
  const bad = controls
    .filter((c) => c.name === '' || ENGLISH.test(c.name))
    .map((c) => `${c.role} "${c.name}"`);
  expect(bad, `controls on ${what} without a Spanish accessible name`).toEqual([]);
}

/** Live regions (what a screen reader announces by itself) do not speak English. */
export async function expectSpanishAnnouncements(page: Page, what: string): Promise<void> {
  const texts = await page
    .locator('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));
  const english = texts.filter((t) => /\b(slide|of|loading|close|error|next|previous)\b/i.test(t));
  expect(english, `announcements on ${what} in Spanish`).toEqual([]);
}

/**
 * WCAG 2.5.8: every visible pointer target is at least 24 × 24 CSS px, except links inside a
 * sentence (the inline exception).
 */
export async function expectTargetSizes(page: Page, what: string): Promise<void> {
  const small = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=menuitem], [role=tab], [role=checkbox], [role=switch], [tabindex]:not([tabindex="-1"])';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      // Inline exception: a link that sits in a run of text.
      if (el.tagName === 'A' && style.display === 'inline') {
        const parentText = el.parentElement?.textContent?.trim() ?? '';
        if (parentText.length > (el.textContent?.trim().length ?? 0)) continue;
      }
      // Targets clipped away inside the carousel are not on screen.
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (r.right < 0 || r.left > window.innerWidth) continue;
      if (hit && !el.contains(hit) && !hit.contains(el)) continue;
      if (r.width < 23.5 || r.height < 23.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        out.push(
          `${el.tagName.toLowerCase()} "${name}" is ${r.width.toFixed(1)}×${r.height.toFixed(1)} px`,
        );
      }
    }
    return out;
  });
  expect(small, `pointer targets smaller than 24 × 24 px on ${what}`).toEqual([]);
}
