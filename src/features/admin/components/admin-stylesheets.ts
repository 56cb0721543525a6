// The admin console's stylesheets, linked by its route's head: the server draws the page before
// its code (and the styles it imports) reaches the browser.
import adminHeadCss from './admin-head.css?url';

export const adminStylesheets = [{ rel: 'stylesheet', href: adminHeadCss }];
