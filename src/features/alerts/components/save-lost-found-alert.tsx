// "Avísame de reportes así" on a filtered /perdidos: saves the list's filters (kind, zone, size,
// sex, words) as a lost and found alert, instant or as a daily digest; logging in first when
// needed, as on the catalogue.
import { hasLostFoundAlertFilters, type LostFoundAlertFilters } from '@/shared/alert-words';
import { describeLostFoundAlertFilters } from '@/shared/lost-found-alert-words';
import { SaveAlertPanel } from './save-alert';

export function SaveLostFoundAlert({ filters }: { filters: LostFoundAlertFilters }) {
  const { kind, zone, size, sex, q } = filters;
  const alertFilters = Object.fromEntries(
    Object.entries({ kind, zone, size, sex, q }).filter(([, value]) => value !== undefined),
  ) as LostFoundAlertFilters;
  if (!hasLostFoundAlertFilters(alertFilters)) return null;
  return (
    <SaveAlertPanel
      label="Avísame de reportes así"
      what="un reporte"
      description={describeLostFoundAlertFilters(alertFilters)}
      input={(frequency) => ({ scope: 'lost_found', filters: alertFilters, frequency })}
    />
  );
}
