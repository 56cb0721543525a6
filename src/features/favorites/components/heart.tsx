// The heart on a dog's card and page: the favourite button, in the chunk of the page that shows
// it, so the router's manifest links its stylesheet with the page's.
export { FavoriteButton as Heart } from './favorite-button';
