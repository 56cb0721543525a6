// The stylesheets of the login and registration screens, linked by their routes' head: the
// server draws these screens before their code (and the styles it imports) reaches the browser.
import authHeadCss from './auth-head.css?url';

export const authStylesheets = [{ rel: 'stylesheet', href: authHeadCss }];
