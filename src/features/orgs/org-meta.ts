// The head of an organization's page: title, description, canonical URL and the Open Graph tags
// link previews read (absolute URLs on the site's public origin).
import { DEFAULT_SHARE_IMAGE } from '@/config/share-image';
import type { Org } from '@/shared/org';
import { ORG_KIND_LABELS, orgPath } from '@/shared/org-paths';

const DESCRIPTION_MAX = 160;

export function orgHead(org: Org, origin: string) {
  const url = `${origin}${orgPath(org.slug)}`;
  const title = `${org.name}: ${ORG_KIND_LABELS[org.kind].toLowerCase()} en ${org.zone_name} | Happy Dog`;
  const text = `${org.verified ? 'Verificada. ' : ''}${org.description}`;
  const description =
    text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
  const image = `${origin}${DEFAULT_SHARE_IMAGE.path}`;
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
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}
