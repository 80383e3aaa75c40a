/** The service worker's cache of GET /api answers (apps/web/pwa.config.ts names it too). */
export const API_CACHE = 'kete-api';
