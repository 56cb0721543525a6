// The "Me interesa" form, the adoption application: a message for the dog's owner and optionally
// a phone (prefilled from the profile), checked with the shared schema; it says whether the
// adopter profile goes with it and, for a dog not yet sterilized, what applying needs before the
// person writes anything. Loaded when a visitor opens it, so a dog's page does
// not carry the form's validation (zod, the phone number rules) to everyone who only looks.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/overlays/overlays';
import { accountQueryOptions } from '@/lib/auth/get-account';
import { formatMobilePhone } from '@/shared/account';
import { meetsSterilizationRule } from '@/shared/adopter-profile';
import type { Dog } from '@/shared/dog';
import {
  INTEREST_MESSAGE_MAX,
  interestInputSchema,
  type InterestFormValues,
} from '@/shared/interest';
import { useAdopterProfile } from '../api/adopter-profile';
import { useSendInterest } from '../api/interests';

export default function InterestForm({ dog, onDone }: { dog: Dog; onDone: () => void }) {
  const account = useQuery(accountQueryOptions());
  // The button that opened the form is gone: the cursor goes to the message.
  const messageRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  const send = useSendInterest(dog.id);
  const adopter = useAdopterProfile();
  const profile = adopter.data;
  const needsCommitment = dog.sterilized === false;
  const blocked = adopter.isSuccess && !meetsSterilizationRule(dog, profile);
  const profilePhone = account.data?.phone ? formatMobilePhone(account.data.phone) : '';
  const form = useForm<InterestFormValues>({
    mode: 'controlled',
    initialValues: { message: '', phone: profilePhone },
    validate: schemaResolver(interestInputSchema, { sync: true }),
  });
  // The profile's phone may arrive after the form opened: put it in while the field is untouched.
  const { isTouched, setFieldValue } = form;
  const phone = form.values.phone;
  useEffect(() => {
    if (profilePhone && phone !== profilePhone && !isTouched('phone')) {
      setFieldValue('phone', profilePhone);
    }
  }, [profilePhone, phone, isTouched, setFieldValue]);

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(interestInputSchema.parse(values));
      notify({
        color: 'teal',
        title: 'Solicitud enviada',
        message: `Le avisamos por correo a quien publicó a ${dog.name}.`,
      });
      onDone();
    } catch (cause) {
      form.setFieldError('message', cause instanceof Error ? cause.message : String(cause));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Solicitud por ${dog.name}`}>
      <Stack gap="sm">
        {needsCommitment && (
          <Alert color={blocked ? 'orange' : 'teal'} title={`${dog.name} aún no está esterilizado`}>
            Para solicitarlo, tu perfil de adoptante debe decir que te comprometes a esterilizarlo y
            que aceptas el seguimiento después de la adopción.
            {blocked && (
              <>
                {' '}
                <Anchor component={Link} to="/cuenta" hash="perfil-adoptante" inherit>
                  {profile ? 'Actualizar mi perfil de adoptante' : 'Llenar mi perfil de adoptante'}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {adopter.isSuccess && !blocked && (
          <Text size="sm" data-testid="profile-note">
            {profile ? (
              'Con tu solicitud enviaremos tu perfil de adoptante (tu hogar, tu experiencia y tu zona).'
            ) : (
              <>
                Aún no llenaste tu perfil de adoptante: puedes enviar la solicitud sin él, pero con
                él te conocen mejor.{' '}
                <Anchor component={Link} to="/cuenta" hash="perfil-adoptante" inherit>
                  Llenar mi perfil
                </Anchor>
              </>
            )}
          </Text>
        )}
        <Textarea
          label="Tu mensaje para quien lo publicó"
          description={`Cuéntale por qué quieres adoptar a ${dog.name} (de 10 a ${INTEREST_MESSAGE_MAX} caracteres).`}
          autosize
          minRows={3}
          maxLength={INTEREST_MESSAGE_MAX}
          required
          ref={messageRef}
          {...form.getInputProps('message')}
        />
        <TextInput
          label="Tu celular (opcional)"
          description="Para que te escriban por WhatsApp. Solo lo verá quien publicó el perro."
          type="tel"
          autoComplete="tel-national"
          {...form.getInputProps('phone')}
        />
        <Group gap="sm">
          <Button type="submit" loading={send.isPending} disabled={blocked}>
            Enviar solicitud
          </Button>
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
