// jsdom has no layout, so Embla (the carousel engine) sees every slide as 0 px wide and cannot
// scroll. This gives the carousel's viewport and slides real-looking sizes: one slide per view,
// each `slideWidth` px wide, so arrows, selection and "near the end" behave as in a browser.
import { afterEach } from 'vitest';

const SLIDE = '[aria-roledescription="diapositiva"]';

export function mockCarouselLayout(slideWidth = 300) {
  const proto = HTMLElement.prototype;
  const original = {
    offsetWidth: Object.getOwnPropertyDescriptor(proto, 'offsetWidth')!,
    offsetLeft: Object.getOwnPropertyDescriptor(proto, 'offsetLeft')!,
  };
  const isSlide = (el: HTMLElement) => el.matches(SLIDE);
  const slidesIn = (el: HTMLElement) => Array.from(el.children).filter((c) => c.matches(SLIDE));
  const isContainer = (el: HTMLElement) => slidesIn(el).length > 0;
  const isViewport = (el: HTMLElement) => {
    const first = el.firstElementChild;
    return first instanceof HTMLElement && isContainer(first);
  };

  Object.defineProperty(proto, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      // The slides' flex row is as wide as the viewport; the slides overflow it.
      if (isSlide(this) || isViewport(this) || isContainer(this)) return slideWidth;
      return 0;
    },
  });
  Object.defineProperty(proto, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      if (!isSlide(this) || !this.parentElement) return 0;
      return slidesIn(this.parentElement).indexOf(this) * slideWidth;
    },
  });
  const style = document.createElement('style');
  style.textContent = `${SLIDE} { margin: 0px; }`;
  document.head.append(style);

  afterEach(() => {
    Object.defineProperty(proto, 'offsetWidth', original.offsetWidth);
    Object.defineProperty(proto, 'offsetLeft', original.offsetLeft);
    style.remove();
  });
}
