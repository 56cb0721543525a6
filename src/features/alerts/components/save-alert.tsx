// "Avísame de perros así" on a filtered catalogue: saves the list's filters (without the status:
// an alert is about dogs looking for a home) as an alert, instant or as a daily digest. A visitor
// without a session is sent to log in and brought back to the same list. The panel itself
// (SaveAlertPanel) also serves /perdidos ("Avísame de reportes así").
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert as Notice, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  ALERT_FREQUENCIES,
  describeAlertFilters,
  FREQUENCY_LABELS,
  hasAlertFilters,
  type AlertCreateInput,
  type AlertFilters,
  type AlertFrequency,
} from '@/shared/alert-words';
import { useSessionStore } from '@/stores/session-store';
import { useCreateAlert } from '../api/alerts';
import classes from './save-alert.module.css';

type Props = {
  /** The catalogue's filters (a status among them is left out). */
  filters: AlertFilters & { status?: string };
};

/** The filters an alert keeps: the catalogue's, without the status. */
function alertFiltersOf({ q, city, size, sex, age }: Props['filters']): AlertFilters {
  return Object.fromEntries(
    Object.entries({ q, city, size, sex, age }).filter(([, value]) => value !== undefined),
  ) as AlertFilters;
}

export function SaveAlert({ filters }: Props) {
  const alertFilters = alertFiltersOf(filters);
  if (!hasAlertFilters(alertFilters)) return null;
  return (
    <SaveAlertPanel
      label="Avísame de perros así"
      what="un perro"
      description={describeAlertFilters(alertFilters)}
      input={(frequency) => ({ filters: alertFilters, frequency })}
    />
  );
}

type PanelProps = {
  /** The button: "Avísame de perros así". */
  label: string;
  /** What is published: "un perro", "un reporte". */
  what: string;
  /** The filters in words. */
  description: string;
  input: (frequency: AlertFrequency) => AlertCreateInput;
};

/** The button, then the form that asks how often and creates the alert. */
export function SaveAlertPanel({ label, what, description, input }: PanelProps) {
  const logged = useSessionStore((state) => state.logged);
  const navigate = useNavigate();
  // The list's address, to come back to after logging in.
  const here = useLocation({ select: (location) => location.href });
  const create = useCreateAlert();
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');

  if (create.isSuccess) {
    return (
      <Notice color="green" variant="light" className={classes.root} role="status">
        <Text size="sm">
          Listo: te avisaremos de «{create.data.description}»{' '}
          {create.data.frequency === 'daily' ? 'en un resumen diario' : 'al instante'}.{' '}
          <Anchor component={Link} to="/cuenta" hash="alertas">
            Ver mis alertas
          </Anchor>
        </Text>
      </Notice>
    );
  }

  if (!open) {
    return (
      <div className={classes.root}>
        <Button
          variant="light"
          leftSection={<IconBell size={18} aria-hidden="true" />}
          onClick={() => {
            if (logged) setOpen(true);
            else void navigate({ to: '/entrar', search: { redirect: here } });
          }}
        >
          {label}
        </Button>
      </div>
    );
  }

  return (
    <form
      className={classes.root}
      aria-label="Crear una alerta"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(input(frequency));
      }}
    >
      <Stack gap="xs">
        <Text size="sm">
          Te escribimos cuando se publique {what} así: <strong>{description}</strong>.
        </Text>
        <Radio.Group
          label="¿Cuándo te avisamos?"
          value={frequency}
          onChange={(value) => setFrequency(value as AlertFrequency)}
        >
          <Group gap="md" mt={4}>
            {ALERT_FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={FREQUENCY_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        {create.isError && (
          <Text size="sm" c="red.8" role="alert">
            {create.error.message}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            Crear alerta
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
