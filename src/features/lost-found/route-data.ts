// What the lost and found routes need besides their components — queries, head tags and the
// stylesheet of the pages the server draws — in one chunk their loaders import.
import headCss from './components/lost-found-head.css?url';

export { lostFoundListQuery, matchesQuery, reportQuery } from './api/lost-found-api';
export { listHead, reportHead } from './meta';

export const lostFoundStylesheets = [{ rel: 'stylesheet', href: headCss }];
