// The landing page's share preview (Open Graph and Twitter tags) and canonical address, so a
// link to the home shared on WhatsApp or social networks shows the site's title and image.
import { DEFAULT_SHARE_IMAGE } from '@/config/share-image';

const TITLE = 'Happy Dog | Adopción de perros en Cali';
const DESCRIPTION =
  'Happy Dog es una comunidad de adopción responsable de perros en Cali, Colombia. Conoce a los perros que buscan hogar, contacta a sus cuidadores o da un perro en adopción.';

export function landingHead(origin: string) {
  const url = `${origin}/`;
  const image = `${origin}${DEFAULT_SHARE_IMAGE.path}`;
  return {
    meta: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Happy Dog' },
      { property: 'og:locale', content: 'es_CO' },
      { property: 'og:title', content: TITLE },
      { property: 'og:description', content: DESCRIPTION },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
      { property: 'og:image:alt', content: 'Happy Dog, adopción de perros en Cali' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: TITLE },
      { name: 'twitter:description', content: DESCRIPTION },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}
