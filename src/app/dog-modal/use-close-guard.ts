// The dog modal's header X and Escape close the way its Cerrar does. The modal manager closes on
// its X before any handler of ours could object, so its click is caught on the way down (capture,
// on the window) and goes no further; Escape is off in the modal's settings and handled here as
// Mantine would (before the dropdowns see it), except when it closes an open dropdown (Mantine
// marks its input then). While a confirmation is shown the manager unmounts the body, and these
// listeners with it. (A layout effect: no moment between the loading placeholder's Escape and
// this one.)
import { useLayoutEffect } from 'react';
import { dogModalCloseButtonId } from './dog-modal-types';

export function useCloseGuard(modalId: string, askClose: () => void) {
  useLayoutEffect(() => {
    const closeButtonId = dogModalCloseButtonId(modalId);
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.closest('button')?.id !== closeButtonId) return;
      event.stopPropagation();
      event.preventDefault();
      askClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      askClose();
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  });
}
