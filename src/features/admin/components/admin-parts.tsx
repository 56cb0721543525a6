// The console's building blocks, shared by its sections: a titled section, the loading / failed /
// empty states of a list, the table every list of rows uses, and how an action runs (busy while
// pending, the outcome as a notification).
import { Button, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { useHydrating } from '@/lib/use-hydrating';
import { useModerate, type ModerationAction } from '../api/moderate';
import classes from './admin-page.module.css';

// Colombia has one time zone: the server and the browser draw the same text.
const dateFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Loading, failed (with a retry) or the content for the data (`empty` when there is none). */
export function Loaded<T>({
  query,
  empty,
  isEmpty = (data) => data.length === 0,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  isEmpty?: (data: T[]) => boolean;
  children: (data: T[]) => ReactNode;
}) {
  if (query.isPending) return <Text role="status">Cargando...</Text>;
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text className={classes.error} role="alert">
          {query.error.message}
        </Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Stack>
    );
  }
  if (isEmpty(query.data)) return <Text c="dimmed">{empty}</Text>;
  return <>{children(query.data)}</>;
}

/** One column: its header and what each row shows in it. */
export type AdminColumn<T> = {
  label: string;
  /** The header is read by screen readers only (an actions column). */
  labelHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** The cells' class (long text that must wrap). */
  className?: string;
};

/** A table that turns into small "Label: value" cards on phones. */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label?: string;
  columns: AdminColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <div className={classes.scroll}>
      <table className={classes.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.labelHidden ? (
                  <span className={classes.sr}>{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={column.className}
                  data-label={column.labelHidden ? undefined : column.label}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function useAct() {
  const moderate = useModerate();
  const hydrating = useHydrating();
  const run = async (action: ModerationAction, done: string) => {
    await moderate.mutateAsync(action);
    notify({ color: 'teal', title: 'Listo', message: done });
  };
  /** Runs an action that needs no reason, with any failure as a notification; whether it ran. */
  const runNow = (action: ModerationAction, done: string): Promise<boolean> =>
    run(action, done).then(
      () => true,
      (error: unknown) => {
        notify({ color: 'red', title: 'No se pudo completar', message: toApiError(error).message });
        return false;
      },
    );
  return { run, runNow, busy: moderate.isPending || hydrating };
}
