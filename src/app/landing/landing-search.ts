// What the landing page's address may ask for: `?perro=<id>` opens that dog, `?publicar=1` what
// DAR EN ADOPCIÓN opens. Before the page's code has run, the carousel's 'Info Dog' and DAR EN
// ADOPCIÓN are plain form buttons that load these addresses, so a press is never lost; once the
// code runs, they open the modal in place.
export type LandingSearch = { perro?: number; publicar?: 1 };

export function validateLandingSearch(search: Record<string, unknown>): LandingSearch {
  const perro = Number(search.perro);
  const result: LandingSearch = {};
  if (Number.isSafeInteger(perro) && perro > 0) result.perro = perro;
  if (String(search.publicar) === '1') result.publicar = 1;
  return result;
}
