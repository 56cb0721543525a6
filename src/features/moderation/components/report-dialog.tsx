// The "Reportar" form: why a publication (a dog's listing, a lost or found report) should be
// reviewed — one reason from the list — and details. Loaded only when someone opens it.
import '@mantine/core/styles/Input.css';
// Radio lays out its circle and label with the inline-input styles.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportInputSchema,
  type ReportFormValues,
  type ReportInput,
} from '@/shared/moderation';

export type ReportDialogProps = {
  /** What the thanks names: "la publicación de Luna". */
  subject: string;
  /** Sends the report to the publication's own endpoint. */
  send: (input: ReportInput) => Promise<void>;
  onClose: () => void;
};

export default function ReportDialog({ subject, send, onClose }: ReportDialogProps) {
  const report = useMutation({ mutationFn: send });
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ReportFormValues>({
    mode: 'controlled',
    initialValues: { reason: '' as ReportFormValues['reason'], details: '' },
    validate: schemaResolver(reportInputSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await report.mutateAsync(reportInputSchema.parse(values));
      notify({
        color: 'teal',
        title: 'Reporte enviado',
        message: `Gracias. El equipo revisará ${subject}.`,
      });
      onClose();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Cuéntanos qué pasa con esta publicación. Solo el equipo de moderación verá tu reporte.
        </Text>
        <Radio.Group label="Motivo" required {...form.getInputProps('reason')}>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((reason) => (
              <Radio key={reason} value={reason} label={REPORT_REASON_LABELS[reason]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Detalles"
          description="Opcional: lo que viste, por ejemplo el precio que piden."
          autosize
          minRows={3}
          maxLength={REPORT_DETAILS_MAX}
          {...form.getInputProps('details')}
        />
        {error && (
          <Text c="red.8" fw={600} role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={report.isPending}>
            Cancelar
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            Enviar reporte
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
