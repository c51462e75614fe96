// How the production server process is started, for every launcher (npm run serve, npm start,
// e2e, bench). V8 sizes its heap from the machine's memory (gigabytes here) and grows it freely
// under load: the bench measured 450–900 MB of RSS while the live data stays under ~200 MB.
// - A 192 MB old space makes it collect sooner instead. At 320 MB V8 let the heap grow to ~225 MB
//   committed between collections and each instance's RSS reached 450 MB in the hour's soak; at
//   224 MB it peaked at 405–413 MB. Once the server's sources took one byte a character and Next's
//   page LRU was off (decision 188), the live heap fell by ~40 MB, and 192 MB kept the soak's
//   instances at 335/350 MB where 224 gave 380/404, for ~17 % fewer sales a minute at full load
//   (the soak drives the machine flat out, ~5× its target rate; issue 42). Before decision 188,
//   200 MB was too close to the live heap: 26 % fewer sales a minute, spent collecting.
// - A 4 MB young generation (semi-space; V8's default grows to 16 MB a half under load): the
//   bench's RSS peak fell from ~520 to ~410 MB at the same requests per second.
// - glibc's malloc gives threads that allocate (zlib, the file system) arenas of their own and
//   keeps them: two arenas took the peak to ~370 MB, no slower.
// A NODE_OPTIONS value is overridden; change it here. The environment's own MALLOC_ARENA_MAX wins.
export const SERVER_HEAP_MB = 192;
export const SERVER_SEMI_SPACE_MB = 4;
export const SERVER_NODE_FLAGS = [
  `--max-old-space-size=${SERVER_HEAP_MB}`,
  `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`,
];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
