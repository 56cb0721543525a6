// "Reportar": shown to logged-in visitors who did not publish what they see; opens the report
// form in a modal (its code loads on first use). Self-contained, so the dog modal, the dog's page
// and a lost or found report's page can all place it.
import { Button, Center, Loader, VisuallyHidden } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { openModal, preloadOverlays } from '@/components/overlays/overlays';
import type { ReportInput } from '@/shared/moderation';
import { isOwner, useSessionStore } from '@/stores/session-store';
import { reportDog } from '../api/report-dog';

const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazy(loadReportDialog);

let sequence = 0;

/** What is reported: the modal's title, the thanks' subject and where the report goes. */
export type ReportTarget = {
  title: string;
  subject: string;
  send: (input: ReportInput) => Promise<void>;
};

export function openReportDialog(target: ReportTarget) {
  sequence += 1;
  const modalId = `reportar-${sequence}`;
  const close = () => void import('@mantine/modals').then(({ modals }) => modals.close(modalId));
  void openModal({
    modalId,
    title: target.title,
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
        <ReportDialog subject={target.subject} send={target.send} onClose={close} />
      </Suspense>
    ),
  });
}

const dogTarget = (dog: { id: number; name: string }): ReportTarget => ({
  title: `Reportar la publicación de ${dog.name}`,
  subject: `la publicación de ${dog.name}`,
  send: (input) => reportDog(dog.id, input),
});

/** The "Reportar" button itself; whoever places it decides who sees it. */
export function ReportButton({ target }: { target: () => ReportTarget }) {
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
      onClick={() => openReportDialog(target())}
    >
      Reportar
    </Button>
  );
}

export function ReportListingButton({
  dog,
}: {
  dog: { id: number; name: string; hostage_id: number };
}) {
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  if (!logged || isOwner({ logged, id: userId }, dog.hostage_id)) return null;
  return <ReportButton target={() => dogTarget(dog)} />;
}
