// The dog carousel's styles, imported by the landing page itself rather than by the lazily loaded
// carousel: the server draws the carousel before its code arrives (src/components/deferred.tsx),
// so its CSS must come with the first view.
import '@mantine/core/styles/Card.css';
import '@mantine/carousel/styles.css';
import './carousel-state.module.css';
import './dog-card.module.css';
import './dog-carousel.module.css';
