// "Perfil de adoptante" in /cuenta: the questions every adoption programme asks, answered once and
// sent with each application. Short controls a phone fills in quickly: choices as radio buttons,
// counts as numbers, the zone from a native list, three optional texts.
import '@mantine/core/styles/Input.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { notify } from '@/components/overlays/overlays';
import { FormError } from '@/components/form-parts';
import { AccountSection } from '@/components/account-page';
import {
  ADOPTER_FIELD_LABELS as L,
  ADOPTER_TEXT_MAX,
  adopterProfileInputSchema,
  HOUSING_KINDS,
  HOUSING_LABELS,
  type AdopterProfile,
  type Housing,
} from '@/shared/adopter-profile';
import { ZONES } from '@/shared/zones';
import { useQuery } from '@tanstack/react-query';
import { adopterProfileQueryOptions, useSaveAdopterProfile } from '../api/adopter-profile';

type FormValues = {
  housing: Housing | '';
  owns_home: 'yes' | 'no' | '';
  landlord_allows_pets: 'yes' | 'no' | '';
  adults: number | string;
  children: number | string;
  household_agrees: boolean;
  other_animals: string;
  experience: string;
  hours_alone: number | string;
  sleeps_where: string;
  zone: string;
  will_sterilize: boolean;
  accepts_follow_up: boolean;
};

const yesNo = (value: boolean | null | undefined): 'yes' | 'no' | '' =>
  value === true ? 'yes' : value === false ? 'no' : '';
const fromYesNo = (value: string) => (value === 'yes' ? true : value === 'no' ? false : undefined);
const asNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

function toInput(values: FormValues) {
  return {
    housing: values.housing || undefined,
    owns_home: fromYesNo(values.owns_home),
    landlord_allows_pets:
      values.owns_home === 'no' ? (fromYesNo(values.landlord_allows_pets) ?? null) : null,
    adults: asNumber(values.adults),
    children: asNumber(values.children),
    household_agrees: values.household_agrees,
    other_animals: values.other_animals,
    experience: values.experience,
    hours_alone: asNumber(values.hours_alone),
    sleeps_where: values.sleeps_where,
    zone: values.zone || undefined,
    will_sterilize: values.will_sterilize,
    accepts_follow_up: values.accepts_follow_up,
  };
}

function initialValues(profile: AdopterProfile | null): FormValues {
  return {
    housing: profile?.housing ?? '',
    owns_home: yesNo(profile?.owns_home),
    landlord_allows_pets: yesNo(profile?.landlord_allows_pets),
    adults: profile?.adults ?? 1,
    children: profile?.children ?? 0,
    household_agrees: profile?.household_agrees ?? false,
    other_animals: profile?.other_animals ?? '',
    experience: profile?.experience ?? '',
    hours_alone: profile?.hours_alone ?? '',
    sleeps_where: profile?.sleeps_where ?? '',
    zone: profile?.zone ?? '',
    will_sterilize: profile?.will_sterilize ?? false,
    accepts_follow_up: profile?.accepts_follow_up ?? false,
  };
}

/** The shared schema, read on the form's values (errors keep the schema's field names). */
const resolver = schemaResolver(adopterProfileInputSchema, { sync: true });
const validate = (values: FormValues) => resolver(toInput(values) as never);

function ProfileForm({ profile }: { profile: AdopterProfile | null }) {
  const save = useSaveAdopterProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(profile),
    validate,
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    save.mutate(adopterProfileInputSchema.parse(toInput(values)), {
      onSuccess: (saved) => {
        form.setValues(initialValues(saved.profile));
        form.resetDirty();
        notify({
          color: 'teal',
          title: 'Perfil de adoptante guardado',
          message: 'Lo enviaremos con tus próximas solicitudes.',
        });
      },
      onError: (e) => setError(e.message),
    });
  });
  const renting = form.values.owns_home === 'no';

  return (
    <form onSubmit={submit} noValidate aria-label="Perfil de adoptante">
      <Stack gap="sm">
        <Radio.Group label={L.housing} required {...form.getInputProps('housing')}>
          <Group gap="md" mt={4}>
            {HOUSING_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={HOUSING_LABELS[kind]} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group
          label="¿Es propia o en arriendo?"
          required
          {...form.getInputProps('owns_home')}
        >
          <Group gap="md" mt={4}>
            <Radio value="yes" label="Propia" />
            <Radio value="no" label="En arriendo" />
          </Group>
        </Radio.Group>
        {renting && (
          <Radio.Group
            label="¿El arrendador permite mascotas?"
            required
            {...form.getInputProps('landlord_allows_pets')}
          >
            <Group gap="md" mt={4}>
              <Radio value="yes" label="Sí" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
        )}
        <Group grow align="flex-start">
          <NumberInput
            label={L.adults}
            min={1}
            max={20}
            allowDecimal={false}
            required
            {...form.getInputProps('adults')}
          />
          <NumberInput
            label={L.children}
            min={0}
            max={20}
            allowDecimal={false}
            required
            {...form.getInputProps('children')}
          />
        </Group>
        <Checkbox
          label={L.household_agrees}
          {...form.getInputProps('household_agrees', { type: 'checkbox' })}
        />
        <NumberInput
          label={L.hours_alone}
          description="¿Cuántas horas al día se quedaría solo?"
          min={0}
          max={24}
          allowDecimal={false}
          required
          {...form.getInputProps('hours_alone')}
        />
        <Textarea
          label={L.sleeps_where}
          placeholder="Por ejemplo: dentro de la casa, en su cama"
          autosize
          minRows={1}
          maxLength={ADOPTER_TEXT_MAX}
          required
          {...form.getInputProps('sleeps_where')}
        />
        <NativeSelect
          label={L.zone}
          required
          data={[
            { value: '', label: 'Elige tu zona' },
            ...ZONES.map((zone) => ({ value: zone.id, label: zone.name })),
          ]}
          {...form.getInputProps('zone')}
        />
        <Textarea
          label={`${L.other_animals} (opcional)`}
          autosize
          minRows={1}
          maxLength={ADOPTER_TEXT_MAX}
          {...form.getInputProps('other_animals')}
        />
        <Textarea
          label={`${L.experience} (opcional)`}
          autosize
          minRows={1}
          maxLength={ADOPTER_TEXT_MAX}
          {...form.getInputProps('experience')}
        />
        <Text size="sm">
          Para adoptar un perro que aún no está esterilizado necesitas marcar estas dos:
        </Text>
        <Checkbox
          label={L.will_sterilize}
          {...form.getInputProps('will_sterilize', { type: 'checkbox' })}
        />
        <Checkbox
          label={L.accepts_follow_up}
          {...form.getInputProps('accepts_follow_up', { type: 'checkbox' })}
        />
        {error && <FormError id="perfil-adoptante-error" message={error} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Guardar perfil de adoptante
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AdopterProfileSection() {
  // /cuenta is for logged-in people only: no need to ask the session first.
  const profile = useQuery(adopterProfileQueryOptions());
  return (
    <AccountSection id="perfil-adoptante" title="Perfil de adoptante">
      <div id="perfil-adoptante">
        <Text size="sm" mb="sm">
          Lo llenas una vez y viaja con cada solicitud de adopción que envíes: así quien publicó el
          perro te conoce sin preguntarte lo mismo cada vez. Solo lo ven las personas a las que les
          envíes una solicitud.
        </Text>
        {profile.isPending ? (
          <Text role="status">Cargando...</Text>
        ) : profile.isError ? (
          <Stack gap="sm" align="flex-start">
            <FormError id="perfil-adoptante-carga" message={profile.error.message} />
            <Button variant="light" onClick={() => void profile.refetch()}>
              Reintentar
            </Button>
          </Stack>
        ) : (
          <ProfileForm profile={profile.data} />
        )}
      </div>
    </AccountSection>
  );
}
