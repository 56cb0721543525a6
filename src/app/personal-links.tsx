// The logged-in person's pages besides Mi cuenta — Mis publicaciones (with the count of new
// "Me interesa" requests), Mis solicitudes, Guardados and, for admins, Moderación — as the
// navigation bar shows them: links in the burger's panel below lg ('menu'), icon buttons beside
// Mi cuenta from lg on ('bar'); Mis publicaciones with new requests stays in the bar at every
// width, so a phone shows them without opening the menu. Its own chunk: anonymous visitors (every
// first view of the landing page) never load it.
import { IconClipboardList, IconHeart, IconPaw, IconShieldCheck } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { PlainButtonLink } from '@/components/plain-button';
import { MY_APPLICATIONS_PATH, MY_DOGS_PATH } from '@/shared/site';
import NewRequestsBadge, {
  useNewRequestsCount,
} from '@/features/adoption/components/new-requests-badge';
import { useSessionStore } from '@/stores/session-store';

export default function PersonalLinks({
  place,
  classes,
  onNavigate,
}: {
  place: 'menu' | 'bar';
  /** The navigation bar's CSS module. */
  classes: Record<string, string>;
  onNavigate?: () => void;
}) {
  const isAdmin = useSessionStore((state) => state.role === 'admin');
  const news = useNewRequestsCount();
  const links: Array<{ to: LinkProps['to'] & string; label: string; Icon: typeof IconPaw }> = [
    { to: MY_DOGS_PATH, label: 'Mis publicaciones', Icon: IconPaw },
    { to: MY_APPLICATIONS_PATH, label: 'Mis solicitudes', Icon: IconClipboardList },
    { to: '/guardados', label: 'Guardados', Icon: IconHeart },
    ...(isAdmin ? [{ to: '/admin' as const, label: 'Moderación', Icon: IconShieldCheck }] : []),
  ];
  if (place === 'menu') {
    return links.map((item) => (
      <li key={item.to} className={classes.narrowOnly}>
        <Link to={item.to} className={classes.link} onClick={onNavigate}>
          {item.label}
          {item.to === MY_DOGS_PATH && <NewRequestsBadge />}
        </Link>
      </li>
    ));
  }
  return links.map((item) => (
    <PlainButtonLink
      key={item.to}
      to={item.to}
      size="sm"
      variant="default"
      className={`${item.to === MY_DOGS_PATH && news > 0 ? classes.newsLink : classes.wideOnly} ${classes.accountButton}`}
      title={item.label}
      leftSection={<item.Icon size={18} aria-hidden="true" />}
    >
      {item.to === MY_DOGS_PATH ? <NewRequestsBadge named /> : undefined}
    </PlainButtonLink>
  ));
}
