// Stylesheets of the organizations' pages and /adoptar-seguro, linked by their routes' head: the
// server draws these pages before their code (and the styles it imports) reaches the browser.
import orgHeadCss from './org-head.css?url';

export const orgStylesheets = [{ rel: 'stylesheet', href: orgHeadCss }];
