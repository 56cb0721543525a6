// Mi cuenta: downloading everything the site stores about the person.
import { Button, Text } from '@mantine/core';
import { notify } from '@/components/overlays/overlays';
import { useHydrating } from '@/lib/use-hydrating';
import { useExportData } from '../api/export-data';
import { AccountSection } from '@/components/account-page';

export function DataSection() {
  const exportData = useExportData();
  const hydrating = useHydrating();
  return (
    <AccountSection id="datos" title="Tus datos personales">
      <Text size="sm" mb="sm">
        Descarga en un archivo JSON todo lo que guardamos sobre ti: tus datos, la versión de la
        política que aceptaste, tus perros publicados y las fechas de tus sesiones.
      </Text>
      <Button
        variant="light"
        disabled={hydrating}
        loading={exportData.isPending}
        onClick={() =>
          exportData.mutate(undefined, {
            onSuccess: () =>
              notify({
                color: 'teal',
                title: 'Descarga lista',
                message: 'Guardamos tus datos en un archivo JSON.',
              }),
            onError: (e) =>
              notify({
                color: 'red',
                title: 'No se pudieron descargar tus datos',
                message: e.message,
              }),
          })
        }
      >
        Descargar mis datos
      </Button>
    </AccountSection>
  );
}
