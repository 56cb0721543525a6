// The fixed part of the site's identity: the brand and the copyright year. Who runs the site and
// how to reach them is configuration (SITE_* on the server, read through GET /api/site).

export const SITE_NAME = 'Happy Dog';
export const COPYRIGHT_YEAR = 2024;

/** A phone as a `tel:` link wants it: "+" and digits. */
export const phoneHref = (phone: string) => `+${phone.replace(/\D/g, '')}`;
