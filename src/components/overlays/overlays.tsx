// Modals and notifications are mounted on demand: @mantine/modals' provider, Modal and the
// notifications container are ~25 KB gzip that a visitor who only browses never needs. Their
// chunk loads the first time something needs it (or is about to: `preloadOverlays` on hover or
// focus of a button that opens a modal); `openModal` and `notify` wait for it, so nothing is lost.
// Even their event APIs (`modals`, `notifications`) are imported on use, from that same chunk.
import type { ModalSettings, OpenConfirmModal } from '@mantine/modals';
import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const loadOverlayHost = () => import('./overlay-host');
const OverlayHost = lazy(loadOverlayHost);

/** Starts downloading the overlays' chunk without mounting it. */
export function preloadOverlays() {
  void loadOverlayHost();
}

let requested = false;
let ready = false;
const listeners = new Set<() => void>();
const waiting: Array<() => void> = [];

function emit() {
  for (const listener of listeners) listener();
}

function request() {
  if (requested) return;
  requested = true;
  emit();
}

/** Called by the host once its providers listen for events. */
function markReady() {
  ready = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/** Resolves once modals and notifications can be shown. */
export function ensureOverlays(): Promise<void> {
  if (ready) return Promise.resolve();
  request();
  return new Promise((resolve) => waiting.push(resolve));
}

export async function openModal(settings: ModalSettings & { modalId: string }): Promise<string> {
  const [{ modals }] = await Promise.all([import('@mantine/modals'), ensureOverlays()]);
  return modals.open(settings);
}

/** A confirmation dialog (Cancelar / confirm) through the modal manager, e.g. before deleting an account. */
export async function openConfirmModal(
  settings: OpenConfirmModal & { modalId: string },
): Promise<string> {
  const [{ modals }] = await Promise.all([import('@mantine/modals'), ensureOverlays()]);
  return modals.openConfirmModal(settings);
}

/** Shows a notification; every notification has a Spanish label on its close button. */
export function notify(data: NotificationData) {
  void ensureOverlays();
  void import('@mantine/notifications').then(
    ({ notifications }) =>
      notifications.show({ closeButtonProps: { 'aria-label': 'Cerrar notificación' }, ...data }),
    (error: unknown) => console.warn('notifications could not be loaded', error),
  );
}

/** Test hook: forget the loaded state between renders of separate app instances. */
export function resetOverlays() {
  requested = false;
  ready = false;
  waiting.splice(0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Placed once in the root layout. */
export function OverlayRoot() {
  const mount = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!mount) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHost onReady={markReady} />
    </Suspense>
  );
}
