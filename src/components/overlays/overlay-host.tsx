// The lazily loaded half of overlays.tsx: the modal manager and the notifications container.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './overlay-host.module.css';

export default function OverlayHost({ onReady }: { onReady: () => void }) {
  // Effects run child-first: by now ModalsProvider listens for the modal events.
  useEffect(() => onReady(), [onReady]);
  return (
    <>
      <ModalsProvider
        modalProps={{
          closeButtonProps: { 'aria-label': 'Cerrar ventana' },
          styles: {
            title: {
              fontFamily: 'var(--mantine-font-family-headings)',
              fontWeight: 800,
              fontSize: 'var(--mantine-font-size-xl)',
              color: 'var(--mantine-color-brand-9)',
            },
          },
        }}
        labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}
      />
      <Notifications position="top-right" classNames={{ root: classes.notifications }} />
    </>
  );
}
