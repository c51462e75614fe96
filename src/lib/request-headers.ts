/** Header the proxy adds so the 404 page can show the visitor's own path (it gets no params). */
export const ORIGINAL_PATH_HEADER = 'x-site-path';
