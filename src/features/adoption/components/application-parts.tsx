// Pieces both sides of an adoption application share: the state badge, the timeline of states,
// and the applicant's adopter profile (the copy the application carries) read at a glance.
import { List, Text } from '@mantine/core';
import { HOUSING_LABELS, type AdopterProfile } from '@/shared/adopter-profile';
import type { InterestHistoryEntry } from '@/shared/interest';
import { INTEREST_STATE_LABELS } from '@/shared/interest-states';

export { StateBadge } from './state-badge';
import { isZoneId, zoneById } from '@/shared/zones';
import classes from './application-parts.module.css';

const zoneName = (id: string) => (isZoneId(id) ? zoneById(id).name : id);

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The states the application went through, oldest first, with when and any note. */
export function Timeline({ history, label }: { history: InterestHistoryEntry[]; label: string }) {
  return (
    <ol className={classes.timeline} aria-label={label}>
      {history.map((entry, index) => (
        <li key={`${entry.state}-${index}`}>
          <Text span fw={600} size="sm">
            {INTEREST_STATE_LABELS[entry.state]}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatDate(entry.at)}</time>
          </Text>
          {entry.note && (
            <Text size="sm" className={classes.note}>
              «{entry.note}»
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

const yesNo = (value: boolean) => (value ? 'sí' : 'no');

/** The profile copy as short lines a rescuer reads at a glance. */
export function profileLines(profile: AdopterProfile): string[] {
  const home = `${HOUSING_LABELS[profile.housing]} ${profile.owns_home ? 'propia' : 'en arriendo'}${
    profile.owns_home
      ? ''
      : ` (el arrendador ${profile.landlord_allows_pets ? 'sí' : 'no'} permite mascotas)`
  }`;
  return [
    `${home}, en ${zoneName(profile.zone)}`,
    `Hogar: ${profile.adults} ${profile.adults === 1 ? 'adulto' : 'adultos'}, ${profile.children} ${
      profile.children === 1 ? 'niño' : 'niños'
    }; todos de acuerdo: ${yesNo(profile.household_agrees)}`,
    `Solo ${profile.hours_alone} ${profile.hours_alone === 1 ? 'hora' : 'horas'} al día; dormirá: ${profile.sleeps_where}`,
    ...(profile.other_animals ? [`Otros animales: ${profile.other_animals}`] : []),
    ...(profile.experience ? [`Experiencia: ${profile.experience}`] : []),
    `Esterilizará: ${yesNo(profile.will_sterilize)} · Acepta seguimiento: ${yesNo(profile.accepts_follow_up)}`,
  ];
}

export function ProfileSummary({ profile }: { profile: AdopterProfile | null }) {
  if (!profile) {
    return (
      <Text size="sm" c="dimmed">
        Envió la solicitud sin perfil de adoptante.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} className={classes.profile}>
      {profileLines(profile).map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}
