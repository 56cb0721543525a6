// A dog's typed image URL is fetched by the browser of every visitor who sees the dog, with that
// visitor's cookies when it points at this site: an image URL on the site itself or on an API
// path would make each of them call the API (logging them out, for one). Such URLs are refused.
import { HttpError } from '../http/errors';
import { canonicalRequestTarget } from '../http/security';

export const OWN_SITE_IMAGE =
  'La imagen no puede ser una dirección de Happy Dog ni de su API: usa la URL de una foto de otro sitio o sube la foto';

/** A host name as browsers compare it: lower case, without a trailing dot or IPv6 brackets. */
function normalHostname(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** The host name of an address (`https://site:8443/x`) or of a Host header (`site:8443`). */
export function hostnameOf(address: string): string | undefined {
  try {
    return normalHostname(
      new URL(address.includes('://') ? address : `http://${address}`).hostname,
    );
  } catch {
    return undefined;
  }
}

/**
 * 400 when `image` is an absolute URL on one of `ownHostnames` (any scheme or port: cookies do
 * not care about either) or whose path, as this server would route it, is under /api. Empty
 * values and the site's own /media files (relative) are the schema's business and pass.
 */
export function ownSiteImageRefusal(
  image: string,
  ownHostnames: ReadonlyArray<string | undefined>,
): HttpError | undefined {
  if (!/^https?:\/\//i.test(image)) return undefined;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return undefined;
  }
  const path = canonicalRequestTarget(url.pathname)
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
  const apiPath = path === '/api' || path.startsWith('/api/');
  const hostname = normalHostname(url.hostname);
  if (apiPath || ownHostnames.some((own) => own !== undefined && own === hostname)) {
    return new HttpError(400, OWN_SITE_IMAGE);
  }
  return undefined;
}
