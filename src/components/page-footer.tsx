// The footer of every page but the landing page (which has its own, larger one): the main links,
// the personal data policy, how to write to the site and the copyright line.
import { Link } from '@tanstack/react-router';
import { SITE_PAGES } from '@/config/site-pages';
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
          {SITE_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className={classes.link}>
                {page.label}
              </Link>
            </li>
          ))}
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
