// Shown while a lazy screen's code is downloading.
import { Center, VisuallyHidden } from './first-view';
import { Spinner } from './spinner';

export function PageLoader() {
  return (
    <Center mih="60vh" role="status">
      <Spinner color="var(--mantine-color-brand-filled)" />
      <VisuallyHidden>Cargando...</VisuallyHidden>
    </Center>
  );
}
