// Frame of every screen: skip link, navigation bar, the routed screen, and the (lazy) modal
// manager and notifications. Lives inside the router so modal bodies can navigate.
import { Outlet } from '@tanstack/react-router';
import { OverlayRoot } from '@/components/overlays/overlays';
import { useSessionSync } from '@/features/session/hooks/use-session-sync';
import { NavBar } from './nav-bar';

export function RootLayout() {
  useSessionSync();
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <NavBar />
      <Outlet />
      <OverlayRoot />
    </>
  );
}
