// The dog modal's view: the listing's fields, read only, beside its photos, the owner's contact
// (logged-in visitors) or "Contacto info" (the others), the heart and "Me interesa"; "Reportar".
import { Button, Group, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { InterestPanel } from '@/features/adoption/components/interest-panel';
import { DOG_FLAGS, HiddenListingAlert } from '@/features/dogs/components/dog-details';
import { ReportListingButton } from '@/features/moderation/components/report-listing-button';
import { formatAge, SEX_LABELS, SIZE_LABELS, statusLabel, yesNo } from '@/lib/dog-labels';
import type { Dog } from '@/shared/dog';
import { useSessionStore } from '@/stores/session-store';
import { classes, CommonFields, DogModalAside, toFields } from './dog-modal-parts';
import { useCloseGuard } from './use-close-guard';

export function DogView({ modalId, dog }: { modalId: string; dog: Dog }) {
  const logged = useSessionStore((state) => state.logged);
  const close = () => modals.close(modalId);
  // Nothing to lose: the header's X and Escape close at once, as Cerrar does.
  useCloseGuard(modalId, close);
  const fields = toFields(dog);

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <HiddenListingAlert dog={dog} />
      <div className={classes.layout}>
        <DogModalAside
          dog={dog}
          photos={dog.photos ?? []}
          name={fields.name}
          image={fields.image}
          onLeave={close}
        >
          {logged && <InterestPanel dog={dog} onLeave={close} />}
        </DogModalAside>

        <div className={classes.fields}>
          <CommonFields
            dog={dog}
            editable={false}
            fieldProps={(field) => ({ value: fields[field], readOnly: true })}
          />
          <TextInput label="Sexo" readOnly value={dog.sex ? SEX_LABELS[dog.sex] : 'Sin dato'} />
          <TextInput
            label="Tamaño"
            readOnly
            value={dog.size ? SIZE_LABELS[dog.size] : 'Sin dato'}
          />
          <TextInput
            label="Edad"
            readOnly
            value={dog.age_months != null ? formatAge(dog.age_months) : 'Sin dato'}
          />
          {DOG_FLAGS.map(([field, label]) => (
            <TextInput key={field} label={label} readOnly value={yesNo(dog[field])} />
          ))}
          <TextInput
            label="Estado"
            readOnly
            value={statusLabel(dog.status ?? 'available', dog.sex)}
          />
        </div>
      </div>

      <Group justify="flex-end" gap="sm" className={classes.actions}>
        <ReportListingButton dog={dog} />
        <Button variant="default" onClick={close}>
          Cerrar
        </Button>
      </Group>
    </form>
  );
}
