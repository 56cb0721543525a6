// On a dog's page: how long its rescuer usually takes to answer an application (the median over
// the last 90 days), once they have had enough applications for the figure to mean something.
import { Text } from '@mantine/core';
import { useResponseTime } from '../api/adopter-profile';

/** "unos 45 minutos", "unas 3 horas", "unos 2 días". */
export function formatWait(minutes: number): string {
  if (minutes < 60) {
    const m = Math.max(1, minutes);
    return m === 1 ? '1 minuto' : `unos ${m} minutos`;
  }
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hora' : `unas ${hours} horas`;
  return `unos ${Math.round(hours / 24)} días`;
}

export function ResponseTimeNote({ dogId }: { dogId: number }) {
  const time = useResponseTime(dogId);
  const minutes = time.data?.median_minutes;
  if (minutes === null || minutes === undefined) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="response-time">
      Quien lo publicó suele responder las solicitudes en {formatWait(minutes)} (mediana de los
      últimos 90 días).
    </Text>
  );
}
