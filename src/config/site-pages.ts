// The site's public pages both footers link to (the landing page's and every other page's), in
// the order they show them.
export const SITE_PAGES = [
  { to: '/perros', label: 'Perros en adopción' },
  { to: '/perdidos', label: 'Perdidos y encontrados' },
  { to: '/finales-felices', label: 'Finales felices' },
  { to: '/fundaciones', label: 'Fundaciones y rescatistas' },
  { to: '/adoptar-seguro', label: 'Adoptar seguro' },
  { to: '/privacidad', label: 'Política de tratamiento de datos' },
] as const;
