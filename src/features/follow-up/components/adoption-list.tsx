// The person's adoptions on one side (as rescuer in Mis publicaciones, as adopter in /cuenta):
// those with an overdue follow-up or sterilization first (the server sorts them so), each a link
// to its page.
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Adoption } from '@/shared/follow-up';
import { useMyAdoptions } from '../api/follow-up';
import classes from './follow-up.module.css';

const STATE_TEXT = {
  pending: 'acta pendiente',
  active: 'en seguimiento',
  returned: 'regresó',
  cancelled: 'cancelada',
} as const;

function describe(adoption: Adoption): string {
  const other =
    adoption.role === 'rescuer'
      ? `adopta ${adoption.adopter?.name ?? 'una cuenta eliminada'}`
      : `te lo entregó ${adoption.rescuer.name}`;
  const gone = adoption.dog.id === null ? ' · publicación eliminada' : '';
  return `${other} · ${STATE_TEXT[adoption.state]}${gone}`;
}

export function AdoptionList({ role, label }: { role: Adoption['role']; label: string }) {
  const query = useMyAdoptions();
  if (query.isError)
    return (
      <Text role="alert" size="sm" mt="sm">
        No pudimos cargar las adopciones: {query.error.message}
      </Text>
    );
  const list = query.data?.filter((a) => a.role === role);
  if (!list) return null;
  if (list.length === 0)
    return (
      <Text size="sm" mt="sm">
        {role === 'rescuer'
          ? 'Todavía no cerraste ninguna adopción. Cuando apruebes una solicitud, usa «Cerrar adopción».'
          : 'Todavía no tienes adopciones.'}
      </Text>
    );
  return (
    <ul className={classes.adoptions} aria-label={label}>
      {list.map((adoption) => (
        <li key={adoption.id}>
          <Anchor component={Link} to={`/adopciones/${adoption.id}`} fw={600}>
            {adoption.dog.name}
          </Anchor>{' '}
          <Text span size="sm">
            {describe(adoption)}
          </Text>
          {adoption.overdue && (
            <Text span size="sm" className={classes.overdue}>
              {' '}
              · Seguimiento atrasado
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}
