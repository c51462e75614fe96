/**
 * Header the proxy adds with the path the visitor asked for, read only by the global 404 page
 * (which gets no params and must show `Page not found: {path}`).
 */
export const ORIGINAL_PATH_HEADER = 'x-site-path';
