// The number of new "Me interesa" requests the logged-in person received, as a badge on the
// navigation bar's "Mis publicaciones". Its own chunk: the bar is in every page's first code.
import { useInterests } from '../api/interests';
import type { CSSProperties } from 'react';

// Inline styles: a stylesheet of its own would add its name to every page's first code.
const BADGE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  marginInlineStart: '0.375rem',
  padding: '0 0.3rem',
  borderRadius: 999,
  background: '#c2410c',
  color: '#fff',
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1,
};
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * `named`: the link shows only an icon, so the hidden text names the link too (the count's text
 * then is the link's accessible name, and the title is not read in its place).
 */
/** How many received requests nobody has answered yet. */
export function useNewRequestsCount(): number {
  const received = useInterests('received');
  return received.data?.filter((interest) => interest.state === 'new').length ?? 0;
}

export default function NewRequestsBadge({ named = false }: { named?: boolean }) {
  const count = useNewRequestsCount();
  if (count === 0) return null;
  const text = `${count === 1 ? '1 solicitud nueva' : `${count} solicitudes nuevas`}`;
  return (
    <>
      <span style={BADGE} aria-hidden="true" data-testid="new-requests">
        {count > 99 ? '99+' : count}
      </span>
      <span style={HIDDEN}>{named ? `Mis publicaciones: ${text}` : `: ${text}`}</span>
    </>
  );
}
