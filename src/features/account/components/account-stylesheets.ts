// The stylesheets of the account, password recovery and privacy pages, linked by their routes'
// head: the server draws these pages before their code (and the styles it imports) reaches the
// browser.
import accountHeadCss from './account-head.css?url';

export const accountStylesheets = [{ rel: 'stylesheet', href: accountHeadCss }];
