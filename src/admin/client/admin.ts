/**
 * Our own script on the editor's page (/admin/), loaded before Sveltia CMS's bundle: the place
 * for what we add to the editor (editor components, preview templates).
 */
export {};
