// Shown while a lazy screen's code is downloading.
import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="60vh" role="status">
      <Loader color="brand" />
      <VisuallyHidden>Cargando...</VisuallyHidden>
    </Center>
  );
}
