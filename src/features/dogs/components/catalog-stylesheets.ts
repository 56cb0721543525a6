// Stylesheets of the catalogue and the dog's page, linked by their routes' head: the server draws
// these pages before their code (and the styles it imports) reaches the browser.
import dogPageHeadCss from './dog-page-head.css?url';
import catalogHeadCss from './catalog-head.css?url';

export const catalogStylesheets = [{ rel: 'stylesheet', href: catalogHeadCss }];

export const dogPageStylesheets = [{ rel: 'stylesheet', href: dogPageHeadCss }];
