// The site's identity (GET /api/site), as a configured server would answer it.
import { http, HttpResponse } from 'msw';
import type { SiteIdentity } from '@/shared/site';
import { API } from './common';

/** The identity the server would be configured with (SITE_*), unlike the code's placeholders. */
export const TEST_SITE: SiteIdentity = {
  email: 'contacto@refugio-prueba.example',
  phone: '+57 300 555 0199',
  street: 'Carrera 100 # 11-60',
  city: 'Cali, Valle del Cauca, Colombia',
  instagram: 'https://www.instagram.com/refugioprueba',
  facebook: 'https://www.facebook.com/refugioprueba',
  whatsapp: 'https://wa.me/573005550199',
};

export function siteHandlers() {
  return [http.get(`${API}/site`, () => HttpResponse.json(TEST_SITE))];
}
