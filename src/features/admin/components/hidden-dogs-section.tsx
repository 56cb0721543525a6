// /admin "Publicaciones ocultas": the listings moderation hid, and restoring one.
import { Button, Text } from '@mantine/core';
import { openConfirmModal } from '@/components/overlays/overlays';
import { useHiddenDogs } from '../api/get-hidden-dogs';
import { AdminTable, formatDate, Loaded, Section, useAct } from './admin-parts';

export function HiddenDogsSection() {
  const hidden = useHiddenDogs();
  const { runNow, busy } = useAct();
  const restore = (id: number, name: string) =>
    void openConfirmModal({
      modalId: `restaurar-${id}`,
      title: `Restaurar la publicación de ${name}`,
      children: <Text>Volverá a verse para todos.</Text>,
      labels: { confirm: 'Restaurar', cancel: 'Cancelar' },
      onConfirm: () =>
        void runNow({ kind: 'restore', dogId: id }, `La publicación de ${name} se ve de nuevo.`),
    });
  return (
    <Section id="ocultas" title="Publicaciones ocultas">
      <Loaded query={hidden} empty="No hay publicaciones ocultas.">
        {(dogs) => (
          <AdminTable
            rows={dogs}
            rowKey={(dog) => dog.id}
            columns={[
              { label: 'Perro', cell: (dog) => `${dog.name} (ID ${dog.id})` },
              { label: 'Dueño', cell: (dog) => `${dog.owner.name} (${dog.owner.email})` },
              { label: 'Motivo', cell: (dog) => dog.reason },
              { label: 'Fecha', cell: (dog) => formatDate(dog.hidden_at) },
              {
                label: 'Acciones',
                labelHidden: true,
                cell: (dog) => (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={busy}
                    onClick={() => restore(dog.id, dog.name)}
                    aria-label={`Restaurar la publicación de ${dog.name}`}
                  >
                    Restaurar
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </Section>
  );
}
