// The 'No autorizado' alert, shown through the modal manager.
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import { openModal } from './overlays/overlays';

const MODAL_ID = 'no-autorizado';

export function openNotAuthorizedAlert() {
  void openModal({
    modalId: MODAL_ID,
    title: 'No autorizado',
    centered: true,
    children: (
      <Stack gap="lg">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconLock size={24} />
          </ThemeIcon>
          <Text>Debes iniciar sesión para dar en adopción</Text>
        </Group>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => modals.close(MODAL_ID)}>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}
