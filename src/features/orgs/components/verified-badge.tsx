// The "Verificada" badge: the site's admins checked that the organization is real.
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';

export function VerifiedBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      color="teal"
      variant="light"
      size={size}
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden="true" />}
      title="El equipo de Happy Dog verificó que esta organización es real"
    >
      Verificada
    </Badge>
  );
}
