// Site-wide facts that the pages and the server's e-mails both use (the name, the contact address,
// the pages e-mails link to), kept in one place so they are easy to change.

export const site = {
  name: 'Happy Dog',
  email: 'hola@happydog.com.co',
  phone: '+57 602 555 0142',
  /** Phone number for the `tel:` link (digits only, with country code). */
  phoneHref: '+576025550142',
  address: {
    street: 'Calle 5 # 38-25, barrio San Fernando',
    city: 'Cali, Valle del Cauca, Colombia',
  },
  social: [
    { key: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/happydogcali' },
    { key: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/happydogcali' },
    { key: 'whatsapp', label: 'WhatsApp', href: 'https://wa.me/576025550142' },
  ],
  copyrightYear: 2024,
} as const;

/** "Mis publicaciones": the page where an owner reads the requests about their dogs. */
export const MY_DOGS_PATH = '/mis-perros';
