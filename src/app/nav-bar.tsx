// The fixed top bar: logo, in-page links, DAR EN ADOPCIÓN and the user area (INGRESAR menu, or
// Mi cuenta, the person's own pages and SALIR). On phones the links collapse behind a burger that
// closes when an item is chosen.
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconLogout, IconPaw, IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { anchors } from '@/config/anchors';
import { preloadDogModal } from '@/app/dog-modal/dog-modal-loader';
import { useLogout } from '@/features/session/api/logout';
import { Burger, Container } from '@/components/first-view';
import { MenuButton } from '@/components/menu-button';
import { PlainButton, PlainButtonLink } from '@/components/plain-button';
import { preloadOverlays } from '@/components/overlays/overlays';
import { useSessionStore } from '@/stores/session-store';
import classes from './nav-bar.module.css';
import type PersonalLinksType from './personal-links';
import { loadNotAuthorizedAlert, useGiveInAdoption } from './use-give-in-adoption';
const preloadNotAuthorizedAlert = () => {
  preloadOverlays();
  void loadNotAuthorizedAlert();
};

/**
 * Mis publicaciones, Guardados, Moderación: a chunk of their own, for logged-in people only. When
 * it cannot be fetched (a dropped connection, or the page being left meanwhile) the bar goes
 * without them instead of the whole page failing; the next page load tries again.
 */
const PersonalLinks = lazy(
  (): Promise<{ default: (props: ComponentProps<typeof PersonalLinksType>) => ReactNode }> =>
    import('./personal-links').catch((error: unknown) => {
      console.warn('The personal links could not be loaded', error);
      return { default: () => null };
    }),
);

const AUTH_PATHS = new Set(['/entrar', '/registrarse']);

const NAV_LINKS = [
  { label: 'INICIO', hash: anchors.home },
  { label: 'ADOPTAR', hash: anchors.adopt },
  { label: 'QUIENES SOMOS', hash: anchors.about },
] as const;

/** Set on the notifications' stack while it steps aside from a control with the focus. */
const FOCUS_ASIDE = 'data-focus-aside';

/** Whether two boxes share some area. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

/** An element's box with room for its focus ring (an outline of up to 3 px, offset 2 px). */
function withFocusRing(element: HTMLElement): DOMRect {
  const box = element.getBoundingClientRect();
  const ring = 5;
  return new DOMRect(box.x - ring, box.y - ring, box.width + 2 * ring, box.height + 2 * ring);
}

export function NavBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onAuthScreen = AUTH_PATHS.has(pathname);
  // The in-page links point into the landing page; from any other page they go there first.
  const onLanding = pathname === '/' || pathname === '/home';
  const [menuOpen, menu] = useDisclosure(false);
  const logged = useSessionStore((state) => state.logged);
  const navigate = useNavigate();
  const logout = useLogout();
  const openAdoptionForm = useGiveInAdoption();
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  // WCAG 2.4.11: the fixed bar, and a notification, must never cover the focused control.
  // Browsers scroll focus into view but may leave it under fixed things, so anything focused
  // behind the bar is scrolled just below it; a notification that would cover the control (and
  // its focus ring) waits at the screen's other edge while the control holds the focus.
  useEffect(() => {
    const keepClearOfBar = (event: FocusEvent) => {
      const target = event.target;
      const header = headerRef.current;
      if (!(target instanceof HTMLElement) || !header) return;
      const notifications = [...document.querySelectorAll('.mantine-Notification-root')];
      // Focus inside a notification: it stays where it is.
      if (notifications.some((notification) => notification.contains(target))) return;
      // Mantine keeps one stack per screen position; ours use one.
      const stacks = document.querySelectorAll(`.mantine-Notifications-root[${FOCUS_ASIDE}]`);
      for (const stack of stacks) stack.removeAttribute(FOCUS_ASIDE);
      // Fixed things (the skip link) sit above the bar and notifications. Dialogs sit above the
      // bar; notifications, above them, stay put: moved aside, they would cover the dialog's
      // buttons at its foot instead.
      if (target.offsetParent === null || target.closest('[role="dialog"]')) return;
      if (!header.contains(target)) {
        const clearBelow = header.getBoundingClientRect().bottom;
        const top = target.getBoundingClientRect().top;
        if (top < clearBelow) window.scrollBy({ top: top - clearBelow - 8, behavior: 'instant' });
      }
      const coveringStack = () =>
        notifications
          .find((notification) =>
            overlaps(notification.getBoundingClientRect(), withFocusRing(target)),
          )
          ?.closest('.mantine-Notifications-root');
      const stack = coveringStack();
      if (stack) {
        stack.setAttribute(FOCUS_ASIDE, '');
        // Covered at the other edge too (a control as tall as the screen): back where it was.
        if (coveringStack() === stack) stack.removeAttribute(FOCUS_ASIDE);
      }
    };
    // Capture phase: also sees focus moving into server HTML not hydrated yet.
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
    openAdoptionForm();
  };

  const handleLogout = () => {
    menu.close();
    void logout.logout(() => void navigate({ to: '/home' }));
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
                  <Link
                    to={onLanding ? '.' : '/'}
                    hash={item.hash}
                    className={classes.link}
                    onClick={menu.close}
                  >
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
            {logged && (
              <Suspense>
                <PersonalLinks place="menu" classes={classes} onNavigate={menu.close} />
              </Suspense>
            )}
            <li>
              {onAuthScreen ? (
                <a className={classes.link} role="link" aria-disabled="true">
                  VER TODOS
                </a>
              ) : (
                <Link
                  to="/perros"
                  className={classes.link}
                  onClick={menu.close}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  VER TODOS
                </Link>
              )}
            </li>
            <li>
              {/* Before the page's code runs, the press loads /?publicar=1, which opens the same. */}
              <form method="get" action="/" className={classes.inlineForm}>
                <button
                  type="submit"
                  name="publicar"
                  value="1"
                  className={classes.link}
                  disabled={onAuthScreen}
                  onClick={(event) => {
                    event.preventDefault();
                    giveInAdoption();
                  }}
                  onPointerEnter={logged ? preloadDogModal : preloadNotAuthorizedAlert}
                  onFocus={logged ? preloadDogModal : preloadNotAuthorizedAlert}
                >
                  DAR EN ADOPCIÓN
                </button>
              </form>
            </li>
          </ul>
        </nav>

        <div className={classes.actions}>
          {logged ? (
            // The person's own area, and SALIR always in sight next to it.
            <>
              {/* Wide screens: icons beside Mi cuenta; narrower ones have them in the menu. */}
              <Suspense>
                <PersonalLinks place="bar" classes={classes} />
              </Suspense>
              <PlainButtonLink
                to="/cuenta"
                size="sm"
                variant="default"
                className={classes.accountButton}
                leftSection={<IconUserCircle size={18} aria-hidden="true" />}
              >
                {/* Below wide desktops only the icon shows; the name stays for screen readers. */}
                <span className={classes.accountLabel}>Mi cuenta</span>
              </PlainButtonLink>
              <PlainButton
                size="sm"
                variant="outline"
                className={classes.accountButton}
                leftSection={<IconLogout size={18} aria-hidden="true" />}
                onClick={handleLogout}
                loading={logout.isPending}
              >
                SALIR
              </PlainButton>
            </>
          ) : (
            <MenuButton
              size="sm"
              label="INGRESAR"
              onSelect={menu.close}
              items={[
                {
                  label: 'Ingresá',
                  to: '/entrar',
                  icon: <IconLogin2 size={18} aria-hidden="true" />,
                },
                {
                  label: 'Registrate',
                  to: '/registrarse',
                  icon: <IconUserPlus size={18} aria-hidden="true" />,
                },
              ]}
            />
          )}
        </div>
      </Container>
    </header>
  );
}
