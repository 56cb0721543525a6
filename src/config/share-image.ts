// The site's preview image (1200×630) for links to pages without a photo of their own.
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
