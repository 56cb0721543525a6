// A link to the list an alert watches, with its filters: the catalogue (/perros) for a dog
// alert, /perdidos for a lost and found one.
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Alert } from '@/shared/alerts';

/** Only the keys that hold a value: the address stays canonical. */
const present = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as T;

export function AlertListLink({
  alert,
  children,
}: {
  alert: Pick<Alert, 'scope' | 'filters'>;
  children: ReactNode;
}) {
  const { q, city, size, sex, age, kind, zone } = alert.filters;
  return alert.scope === 'lost_found' ? (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link to="/perdidos" search={present({ kind, zone, size, sex, q })} {...props} />
      )}
    >
      {children}
    </Anchor>
  ) : (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link to="/perros" search={present({ q, city, size, sex, age })} {...props} />
      )}
    >
      {children}
    </Anchor>
  );
}
