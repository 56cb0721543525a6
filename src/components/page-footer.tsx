// The footer of every page but the landing page (which has its own, larger one): the main links,
// the personal data policy, how to write to the site and the copyright line.
import { Link } from '@tanstack/react-router';
import { useSite } from '@/lib/site';
import { COPYRIGHT_YEAR, SITE_NAME } from '@/shared/site';
import classes from './page-footer.module.css';

export function PageFooter() {
  const site = useSite();
  return (
    <footer className={classes.footer}>
      <nav aria-label="Enlaces del sitio" className={classes.inner}>
        <ul className={classes.links}>
          <li>
            <Link to="/" className={classes.link}>
              Inicio
            </Link>
          </li>
          <li>
            <Link to="/perros" className={classes.link}>
              Perros en adopción
            </Link>
          </li>
          <li>
            <Link to="/perdidos" className={classes.link}>
              Perdidos y encontrados
            </Link>
          </li>
          <li>
            <Link to="/fundaciones" className={classes.link}>
              Fundaciones y rescatistas
            </Link>
          </li>
          <li>
            <Link to="/adoptar-seguro" className={classes.link}>
              Adoptar seguro
            </Link>
          </li>
          <li>
            <Link to="/privacidad" className={classes.link}>
              Política de tratamiento de datos
            </Link>
          </li>
          {site && (
            <li>
              <a href={`mailto:${site.email}`} className={classes.link}>
                Contacto: {site.email}
              </a>
            </li>
          )}
        </ul>
        <p className={classes.copy}>
          © {COPYRIGHT_YEAR} {SITE_NAME}
        </p>
      </nav>
    </footer>
  );
}
