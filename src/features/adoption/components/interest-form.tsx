// The "Me interesa" form: a message for the dog's owner and optionally a phone (prefilled from the
// profile), checked with the shared schema. Loaded when a visitor opens it, so a dog's page does
// not carry the form's validation (zod, the phone number rules) to everyone who only looks.
import '@mantine/core/styles/Input.css';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/overlays/overlays';
import { accountQueryOptions } from '@/features/account/api/get-account';
import { formatMobilePhone } from '@/shared/account';
import type { Dog } from '@/shared/dog';
import {
  INTEREST_MESSAGE_MAX,
  interestInputSchema,
  type InterestFormValues,
} from '@/shared/interest';
import { useSendInterest } from '../api/interests';

export default function InterestForm({ dog, onDone }: { dog: Dog; onDone: () => void }) {
  const account = useQuery(accountQueryOptions());
  // The button that opened the form is gone: the cursor goes to the message.
  const messageRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  const send = useSendInterest(dog.id);
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
          <Button type="submit" loading={send.isPending}>
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
