// The landing page's in-page anchors, apart from the site's contact facts (site.ts): every page's
// first code needs these, only the footer and the privacy policy need those.

/** In-page anchors of the landing page. */
export const anchors = { home: 'home', adopt: 'adopt', about: 'about', tour: 'tour' } as const;

/** The footer's id: the landing page loads the footer's code when it comes near the screen. */
export const footerId = 'contacto';
