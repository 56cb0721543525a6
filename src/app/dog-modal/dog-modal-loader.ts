// The dog modal's opener, loaded on demand: pages whose first view only shows buttons that open it
// do not carry its code.
export const loadOpenDogModal = () => import('./open-dog-modal');

/** Starts downloading the modal's code (on hover or focus of a button that will open it). */
export function preloadDogModal(): void {
  void loadOpenDogModal().then((module) => module.preloadDogModal());
}
