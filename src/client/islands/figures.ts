/**
 * The page figures the lightbox shows, in one place for the loader (which must stay free of
 * React) and the lightbox itself: gallery images, and story-body images (an animated GIF plays
 * as a video, so it is not one).
 */
export const GALLERY_FIGURES = 'figure.gallery-image';
export const STORY_FIGURES = 'figure.story-image:not(.story-gif)';
export const LIGHTBOX_FIGURES = `${GALLERY_FIGURES}, ${STORY_FIGURES}`;
