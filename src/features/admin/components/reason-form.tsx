// The "why" an admin gives before hiding a listing or blocking an account, asked in a modal: the
// reason is required, shown to the listing's owner and kept in the audit log.
import '@mantine/core/styles/Input.css';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { openModal } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { MODERATION_REASON_MAX, moderationReasonSchema } from '@/shared/moderation';

type ReasonFormProps = {
  description: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
};

function ReasonForm({ description, confirmLabel, onConfirm, onDone, onCancel }: ReasonFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(moderationReasonSchema, { sync: true }),
  });
  const submit = form.onSubmit(async ({ reason }) => {
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onDone();
    } catch (failure) {
      setError(toApiError(failure).message);
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <Textarea
          label="Motivo"
          required
          autosize
          minRows={3}
          maxLength={MODERATION_REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {error && (
          <Text c="red.8" fw={600} role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

let sequence = 0;

/** Opens the reason modal; `onConfirm` runs the action (its error is shown in the modal). */
export function askReason(options: {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
}) {
  sequence += 1;
  const modalId = `moderation-reason-${sequence}`;
  const close = () => void import('@mantine/modals').then(({ modals }) => modals.close(modalId));
  void openModal({
    modalId,
    title: options.title,
    centered: true,
    children: (
      <ReasonForm
        description={options.description}
        confirmLabel={options.confirmLabel}
        onConfirm={options.onConfirm}
        onDone={close}
        onCancel={close}
      />
    ),
  });
}
