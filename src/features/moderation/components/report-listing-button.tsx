// "Reportar": shown to logged-in visitors who do not own the listing; opens the report form in a
// modal (its code loads on first use). Self-contained, so the dog modal and the dog's page can
// both place it.
import { Button, Center, Loader, VisuallyHidden } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { openModal, preloadOverlays } from '@/components/overlays/overlays';
import { isOwner, useSessionStore } from '@/stores/session-store';

const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazy(loadReportDialog);

let sequence = 0;

export function openReportDialog(dog: { id: number; name: string }) {
  sequence += 1;
  const modalId = `reportar-${sequence}`;
  const close = () => void import('@mantine/modals').then(({ modals }) => modals.close(modalId));
  void openModal({
    modalId,
    title: `Reportar la publicación de ${dog.name}`,
    centered: true,
    children: (
      <Suspense
        fallback={
          <Center mih={160} role="status">
            <Loader />
            <VisuallyHidden>Cargando...</VisuallyHidden>
          </Center>
        }
      >
        <ReportDialog dogId={dog.id} dogName={dog.name} onClose={close} />
      </Suspense>
    ),
  });
}

export function ReportListingButton({
  dog,
}: {
  dog: { id: number; name: string; hostage_id: number };
}) {
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  if (!logged || isOwner({ logged, id: userId }, dog.hostage_id)) return null;
  const preload = () => {
    preloadOverlays();
    void loadReportDialog();
  };
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconFlag size={16} aria-hidden="true" />}
      onMouseEnter={preload}
      onFocus={preload}
      onClick={() => openReportDialog(dog)}
    >
      Reportar
    </Button>
  );
}
