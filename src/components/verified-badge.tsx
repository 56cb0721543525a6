// The "Verificada" badge: the site's admins checked that the organization is real. A span, so it
// may stand inside a line of text (a <div> inside a <p> is rebuilt by the browser's parser, and
// the page drawn on the server would then not match the one React hydrates).
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';

export function VerifiedBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      component="span"
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
