// The heads of /perdidos and of a report's page: title, description, canonical URL and the Open
// Graph / Twitter tags a WhatsApp preview reads; a report's image is the one the server draws for
// it (1200×630: the photo, "SE BUSCA" or "ENCONTRADO", the zone and the date).
import { formatCalendarDate, lostFoundHeadline } from '@/shared/lost-found-labels';
import type { Report } from './api/lost-found-api';

const DESCRIPTION_MAX = 160;
const LIST_DESCRIPTION =
  'Perros perdidos y encontrados en Cali y sus alrededores: busca por zona, tamaño, sexo o palabras, publica un reporte en un minuto y escribe por el sitio sin mostrar tu teléfono.';

const shared = (title: string, description: string, url: string, image: string, alt: string) => [
  { title },
  { name: 'description', content: description },
  { property: 'og:type', content: 'website' },
  { property: 'og:site_name', content: 'Happy Dog' },
  { property: 'og:locale', content: 'es_CO' },
  { property: 'og:title', content: title },
  { property: 'og:description', content: description },
  { property: 'og:url', content: url },
  { property: 'og:image', content: image },
  { property: 'og:image:type', content: 'image/jpeg' },
  { property: 'og:image:width', content: '1200' },
  { property: 'og:image:height', content: '630' },
  { property: 'og:image:alt', content: alt },
  { name: 'twitter:card', content: 'summary_large_image' },
  { name: 'twitter:title', content: title },
  { name: 'twitter:description', content: description },
  { name: 'twitter:image', content: image },
];

export function reportHead(report: Report, origin: string) {
  const url = `${origin}/perdidos/${report.id}`;
  const headline = lostFoundHeadline(report);
  const title = `${report.kind === 'lost' ? 'Se busca' : 'Encontrado'}: ${headline} | Happy Dog`;
  const lead = `${headline} el ${formatCalendarDate(report.date)}.`;
  const text = `${lead} ${report.description}`;
  const description =
    text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
  // The image changes with the report: its address carries the last change.
  const image = `${origin}/api/lost-found/${report.id}/share.jpg?v=${Date.parse(report.updated_at)}`;
  return {
    meta: [
      ...shared(title, description, url, image, headline),
      ...(report.status === 'open' ? [] : [{ name: 'robots', content: 'noindex' }]),
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

export function listHead(origin: string) {
  const url = `${origin}/perdidos`;
  const title = 'Perros perdidos y encontrados en Cali | Happy Dog';
  return {
    meta: shared(title, LIST_DESCRIPTION, url, `${origin}/og-image.png`, 'Happy Dog'),
    links: [{ rel: 'canonical', href: url }],
  };
}
