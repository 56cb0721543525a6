// What the organization page's route needs besides its component — its query, head tags and
// stylesheets — in one chunk its loader imports, so every page's first code stays small.
export { orgPageQueryOptions } from './api/orgs';
export { orgStylesheets } from './components/org-stylesheets';
export { orgHead } from './org-meta';
