// Who runs the site and how to reach them (the footer, the privacy policy's data controller,
// e-mails, the blocked-account answer): the server's configuration (SITE_* variables), whose
// defaults are the placeholders below, which a real host replaces. The brand and the copyright
// year are fixed (below).
/** GET /api/site */
export interface SiteIdentity {
  email: string;
  phone: string;
  /** The street address, and the city line under it. */
  street: string;
  city: string;
  /** Social network pages (absolute URLs). */
  instagram: string;
  facebook: string;
  whatsapp: string;
}

/** Placeholder identity: shown until the host configures its own (the server warns at start). */
export const PLACEHOLDER_SITE: SiteIdentity = {
  email: 'hola@happydog.com.co',
  phone: '+57 602 555 0142',
  street: 'Calle 5 # 38-25, barrio San Fernando',
  city: 'Cali, Valle del Cauca, Colombia',
  instagram: 'https://www.instagram.com/happydogcali',
  facebook: 'https://www.facebook.com/happydogcali',
  whatsapp: 'https://wa.me/576025550142',
};

/** The answer to a blocked account's login, naming where to write. */
export const blockedAccountMessage = (email: string) =>
  `Tu cuenta está bloqueada. Si crees que es un error, escríbenos a ${email}.`;

// The fixed part of the site's identity: the brand and the copyright year.
export const SITE_NAME = 'Happy Dog';
export const COPYRIGHT_YEAR = 2024;

/** A phone as a `tel:` link wants it: "+" and digits. */
export const phoneHref = (phone: string) => `+${phone.replace(/\D/g, '')}`;

/** "Mis publicaciones": the page where an owner reads the requests about their dogs. */
export const MY_DOGS_PATH = '/mis-perros';

/** "Mis solicitudes": the page where an applicant follows their adoption applications. */
export const MY_APPLICATIONS_PATH = '/mis-solicitudes';
