// Footer: navigation, contact e-mail and phone, the Cali address, social links and © 2024.
import { Container, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandWhatsapp,
  IconMail,
  IconMapPin,
  IconPaw,
  IconPhone,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { COPYRIGHT_YEAR, phoneHref, SITE_NAME } from '@/shared/site';
import { useSite } from '@/lib/site';
import { anchors, footerId } from '@/config/anchors';
import { SITE_PAGES } from '@/config/site-pages';
import classes from './site-footer.module.css';

const SOCIAL = [
  { key: 'instagram', label: 'Instagram', Icon: IconBrandInstagram },
  { key: 'facebook', label: 'Facebook', Icon: IconBrandFacebook },
  { key: 'whatsapp', label: 'WhatsApp', Icon: IconBrandWhatsapp },
] as const;

const FOOTER_LINKS = [
  { label: 'Inicio', hash: anchors.home },
  { label: 'Adoptar', hash: anchors.adopt },
  { label: 'Quiénes somos', hash: anchors.about },
  { label: 'Recorrido', hash: anchors.tour },
] as const;

export function SiteFooter() {
  // Who runs the site and how to reach them: the server's configuration.
  const site = useSite();
  return (
    <footer id={footerId} className={classes.footer}>
      <Container size="lg">
        <div className={classes.grid}>
          <div>
            <span className={classes.brand}>
              <IconPaw size={26} aria-hidden="true" />
              {SITE_NAME}
            </span>
            <Text mt="sm">
              Comunidad de adopción responsable de perros en Cali. Encontramos hogares y acompañamos
              a cada familia después de adoptar.
            </Text>
          </div>

          <nav aria-labelledby="footer-nav-title">
            <Title order={2} id="footer-nav-title" className={classes.heading}>
              Navegación
            </Title>
            <ul className={classes.list}>
              {FOOTER_LINKS.map((item) => (
                <li key={item.hash}>
                  <Link to="/" hash={item.hash} className={classes.link}>
                    {item.label}
                  </Link>
                </li>
              ))}
              {SITE_PAGES.map((page) => (
                <li key={page.to}>
                  <Link to={page.to} className={classes.link}>
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div>
            <Title order={2} className={classes.heading}>
              Contacto
            </Title>
            {site && (
              <ul className={classes.list}>
                <li>
                  <a className={classes.link} href={`mailto:${site.email}`}>
                    <IconMail size={18} aria-hidden="true" />
                    {site.email}
                  </a>
                </li>
                <li>
                  <a className={classes.link} href={`tel:${phoneHref(site.phone)}`}>
                    <IconPhone size={18} aria-hidden="true" />
                    {site.phone}
                  </a>
                </li>
                <li>
                  <address className={classes.address}>
                    <IconMapPin
                      size={18}
                      aria-hidden="true"
                      style={{ flexShrink: 0, marginTop: 3 }}
                    />
                    <span>
                      {site.street}
                      <br />
                      {site.city}
                    </span>
                  </address>
                </li>
              </ul>
            )}
          </div>

          <div>
            <Title order={2} className={classes.heading}>
              Síguenos
            </Title>
            {site && (
              <ul className={`${classes.list} ${classes.social}`}>
                {SOCIAL.map(({ key, label, Icon }) => (
                  <li key={key}>
                    <a
                      className={classes.socialLink}
                      href={site[key]}
                      aria-label={`${label} de ${SITE_NAME}`}
                      rel="noopener noreferrer"
                    >
                      <Icon size={22} aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <p className={classes.bottom}>
          © {COPYRIGHT_YEAR} {SITE_NAME}. Todos los derechos reservados.
        </p>
      </Container>
    </footer>
  );
}
