// The head of a dog's page: title, description, canonical URL and the Open Graph / Twitter tags
// WhatsApp and Facebook read for a link's preview (absolute URLs on the site's public origin).
import { DEFAULT_SHARE_IMAGE } from '@/config/share-image';
import type { Dog } from '@/shared/dog';
import { formatAge, SEX_LABELS, SIZE_LABELS, statusLabel } from '@/lib/dog-labels';

const DESCRIPTION_MAX = 160;

function describe(dog: Dog): string {
  const facts = [
    dog.sex && SEX_LABELS[dog.sex],
    dog.size && SIZE_LABELS[dog.size],
    dog.age_months != null && formatAge(dog.age_months),
  ].filter(Boolean);
  const lead = `${dog.name}${facts.length ? ` (${facts.join(', ')})` : ''} busca hogar en ${dog.city}.`;
  const text = dog.personality ? `${lead} ${dog.personality}` : lead;
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

export function dogHead(dog: Dog, origin: string) {
  const url = `${origin}/perros/${dog.id}`;
  const status = dog.status ?? 'available';
  const title =
    status === 'adopted'
      ? `${dog.name} ${statusLabel('adopted', dog.sex)} | Happy Dog`
      : `${dog.name} en adopción en ${dog.city} | Happy Dog`;
  const description = describe(dog);
  const cover = dog.photos?.[0];
  // An owner's own http(s) link may be anything (an SVG, a page that refuses robots): the
  // uploaded cover or the site's image are what previews can count on.
  const image = cover
    ? { url: `${origin}${cover.url}`, width: cover.width, height: cover.height }
    : {
        url: `${origin}${DEFAULT_SHARE_IMAGE.path}`,
        width: DEFAULT_SHARE_IMAGE.width,
        height: DEFAULT_SHARE_IMAGE.height,
      };
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Happy Dog' },
      { property: 'og:locale', content: 'es_CO' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image.url },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: `Foto de ${dog.name}` },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image.url },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

const CATALOG_DESCRIPTION =
  'Perros en adopción en Cali y el Valle del Cauca: busca por nombre, ciudad, tamaño, sexo o edad y conoce a tu próximo compañero en Happy Dog.';

/** The catalogue's head: one canonical URL whatever the filters, and the site's preview image. */
export function catalogHead(origin: string) {
  const url = `${origin}/perros`;
  const title = 'Perros en adopción | Happy Dog';
  const image = `${origin}${DEFAULT_SHARE_IMAGE.path}`;
  return {
    meta: [
      { title },
      { name: 'description', content: CATALOG_DESCRIPTION },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Happy Dog' },
      { property: 'og:locale', content: 'es_CO' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: CATALOG_DESCRIPTION },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: CATALOG_DESCRIPTION },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}
