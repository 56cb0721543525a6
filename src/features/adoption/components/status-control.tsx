// The owner's status control: Disponible / En proceso / ¡Adoptado!, saved as soon as it changes.
// The dog's page and "Mis publicaciones" both place it.
import { NativeSelect } from '@mantine/core';
import { notify } from '@/components/overlays/overlays';
import { STATUS_LABELS } from '@/lib/dog-labels';
import type { Dog, DogStatus } from '@/shared/dog';
import { useSetDogStatus } from '../api/interests';

// From the labels rather than the shared schemas' list: a dog's page then loads no zod.
const OPTIONS = (Object.keys(STATUS_LABELS) as DogStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export function StatusControl({
  dog,
  label = 'Estado de la publicación',
}: {
  dog: Dog;
  label?: string;
}) {
  const setStatus = useSetDogStatus();
  const current = setStatus.isPending ? setStatus.variables.status : (dog.status ?? 'available');
  return (
    <NativeSelect
      label={label}
      data={OPTIONS}
      value={current}
      disabled={setStatus.isPending}
      onChange={(event) => {
        const status = event.currentTarget.value as DogStatus;
        setStatus.mutate(
          { dog, status },
          {
            onSuccess: () =>
              notify({
                color: 'teal',
                title: 'Estado actualizado',
                message:
                  status === 'adopted'
                    ? `¡Qué alegría! ${dog.name} ya no aparece entre los perros en adopción.`
                    : `${dog.name} ahora está «${STATUS_LABELS[status]}».`,
              }),
            onError: (error) =>
              notify({
                color: 'red',
                title: 'No se pudo cambiar el estado',
                message: error.message,
              }),
          },
        );
      }}
    />
  );
}
