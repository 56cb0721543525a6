// What the catalogue's and the dog page's routes need besides their components — queries, head
// tags and stylesheets — in one chunk their loaders import, so the code every page loads first
// (route files included) stays small.
export { catalogQueries } from './api/catalog-queries';
export { dogQueryOptions } from './api/get-dog';
export { catalogStylesheets, dogPageStylesheets } from './components/catalog-stylesheets';
export { catalogHead, dogHead } from './dog-meta';
