/**
 * The <meta name> under which a server-drawn page lists the app's chunks (space-separated addresses),
 * for the entry to fetch once the page is painted (src/web/boot.ts).
 */
export const APP_CHUNKS_META = 'app-chunks';
