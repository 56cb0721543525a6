// The fixed top bar: logo, in-page links, DAR EN ADOPCIÓN and the user area (INGRESAR menu or
// SALIR). On phones the links collapse behind a burger that closes when an item is chosen.
import { Burger, Button, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconLogout, IconPaw, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { anchors } from '@/config/site';
import { openDogModal, preloadDogModal } from '@/features/dogs/components/open-dog-modal';
import { useLogout } from '@/features/session/api/logout';
import { MenuButton } from '@/components/menu-button';
import { openNotAuthorizedAlert } from '@/components/not-authorized-alert';
import { preloadOverlays } from '@/components/overlays/overlays';
import { useSessionStore } from '@/stores/session-store';
import classes from './nav-bar.module.css';

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
  const logout = useLogout();

  const giveInAdoption = () => {
    menu.close();
    if (logged) openDogModal({ mode: 'create' });
    else openNotAuthorizedAlert();
  };

  const handleLogout = () => {
    menu.close();
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/home' }) });
  };

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link to="/" hash={anchors.adopt} className={classes.logo} onClick={menu.close}>
          <span className={classes.logoMark} aria-hidden="true">
            <IconPaw size={22} />
          </span>
          Happy Dog
        </Link>

        <Burger
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
                onPointerEnter={logged ? preloadDogModal : preloadOverlays}
                onFocus={logged ? preloadDogModal : preloadOverlays}
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
