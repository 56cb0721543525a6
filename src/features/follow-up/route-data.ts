// What the follow-up routes need besides their components — the stylesheet of the pages the
// server draws — in a chunk their loaders import, so every page's first code stays small.
import headCss from './components/follow-up-head.css?url';

export const followUpStylesheets = [{ rel: 'stylesheet', href: headCss }];
