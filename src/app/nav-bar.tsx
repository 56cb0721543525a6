// The fixed top bar: logo, in-page links, DAR EN ADOPCIÓN and the user area (INGRESAR menu or
// SALIR). On phones the links collapse behind a burger that closes when an item is chosen.
import { Burger, Button, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconLogout, IconPaw, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { anchors } from '@/config/site';
import { openDogModal, preloadDogModal } from '@/features/dogs/components/open-dog-modal';
import { isLoggedIn } from '@/features/session/api/get-me';
import { useLogout } from '@/features/session/api/logout';
import { MenuButton } from '@/components/menu-button';
import { preloadOverlays } from '@/components/overlays/overlays';
import { useSessionStore } from '@/stores/session-store';
import classes from './nav-bar.module.css';

// The 'No autorizado' alert is its own chunk (most visitors never see it), fetched on intent.
const loadNotAuthorizedAlert = () => import('@/components/not-authorized-alert');
const preloadNotAuthorizedAlert = () => {
  preloadOverlays();
  void loadNotAuthorizedAlert();
};

const AUTH_PATHS = new Set(['/entrar', '/registrarse']);

const NAV_LINKS = [
  { label: 'INICIO', hash: anchors.home },
  { label: 'ADOPTAR', hash: anchors.adopt },
  { label: 'QUIENES SOMOS', hash: anchors.about },
] as const;

export function NavBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onAuthScreen = AUTH_PATHS.has(pathname);
  const [menuOpen, menu] = useDisclosure(false);
  const logged = useSessionStore((state) => state.logged);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  // WCAG 2.4.11: the fixed bar must never cover the focused control. Browsers scroll focus into
  // view but may leave it under a fixed header, so anything focused behind the bar is scrolled
  // just below it.
  useEffect(() => {
    const keepClearOfBar = (event: FocusEvent) => {
      const target = event.target;
      const header = headerRef.current;
      if (!(target instanceof HTMLElement) || !header || header.contains(target)) return;
      // Fixed things (the skip link) and dialogs sit above the bar anyway.
      if (target.offsetParent === null || target.closest('[role="dialog"]')) return;
      const barBottom = header.getBoundingClientRect().bottom;
      const { top } = target.getBoundingClientRect();
      if (top < barBottom) window.scrollBy({ top: top - barBottom - 8, behavior: 'instant' });
    };
    // Capture phase: also sees focus moving into server HTML not hydrated yet
    // (components/deferred.tsx).
    document.addEventListener('focusin', keepClearOfBar, true);
    return () => document.removeEventListener('focusin', keepClearOfBar, true);
  }, []);

  const giveInAdoption = () => {
    if (menuOpen) {
      // The collapsed menu closes now, hiding this button: let the dialog give focus back to the
      // burger instead.
      burgerRef.current?.focus();
    }
    menu.close();
    // Right after a reload the session may still be on its way from GET /api/user/me: wait for
    // it rather than telling a logged-in user 'No autorizado'.
    void isLoggedIn(queryClient).then((loggedIn) => {
      if (loggedIn) openDogModal({ mode: 'create' });
      else
        void loadNotAuthorizedAlert().then(
          (alert) => alert.openNotAuthorizedAlert(),
          // Its code could not be downloaded (offline): the browser's own dialog says it.
          () => window.alert('No autorizado: debes iniciar sesión para dar en adopción'),
        );
    });
  };

  const handleLogout = () => {
    menu.close();
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/home' }) });
  };

  return (
    <header className={classes.header} ref={headerRef}>
      <Container size="xl" className={classes.inner}>
        <Link to="/" hash={anchors.adopt} className={classes.logo} onClick={menu.close}>
          <span className={classes.logoMark} aria-hidden="true">
            <IconPaw size={22} />
          </span>
          <span className={classes.logoText}>Happy Dog</span>
        </Link>

        <Burger
          ref={burgerRef}
          className={classes.burger}
          opened={menuOpen}
          onClick={menu.toggle}
          aria-label="Menú de navegación"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          size="sm"
        />

        <nav aria-label="Principal" className={classes.nav}>
          <ul className={classes.menu} id="menu-principal" data-open={menuOpen || undefined}>
            {NAV_LINKS.map((item) => (
              <li key={item.hash}>
                {onAuthScreen ? (
                  <a className={classes.link} role="link" aria-disabled="true">
                    {item.label}
                  </a>
                ) : (
                  <Link to="." hash={item.hash} className={classes.link} onClick={menu.close}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
            <li>
              <button
                type="button"
                className={classes.link}
                disabled={onAuthScreen}
                onClick={giveInAdoption}
                onPointerEnter={logged ? preloadDogModal : preloadNotAuthorizedAlert}
                onFocus={logged ? preloadDogModal : preloadNotAuthorizedAlert}
              >
                DAR EN ADOPCIÓN
              </button>
            </li>
          </ul>
        </nav>

        <div className={classes.actions}>
          {logged ? (
            <Button
              size="sm"
              variant="outline"
              leftSection={<IconLogout size={18} aria-hidden="true" />}
              onClick={handleLogout}
              loading={logout.isPending}
            >
              SALIR
            </Button>
          ) : (
            <MenuButton
              size="sm"
              label="INGRESAR"
              onSelect={menu.close}
              items={[
                { label: 'Ingresá', to: '/entrar', icon: <IconLogin2 size={18} aria-hidden="true" /> },
                { label: 'Registrate', to: '/registrarse', icon: <IconUserPlus size={18} aria-hidden="true" /> },
              ]}
            />
          )}
        </div>
      </Container>
    </header>
  );
}
