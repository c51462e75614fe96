// Node flags of the production server, for every launcher (npm run serve, npm start, e2e, bench).
// V8 sizes its heap from the machine's memory (gigabytes here) and grows it freely under load:
// the bench measured 450–900 MB of RSS while the live data stays under ~200 MB. A 320 MB
// old-space makes it collect sooner instead: RSS under load ~350 MB, the same requests per second
// (README, "Performance"). A NODE_OPTIONS value is overridden; change it here.
export const SERVER_HEAP_MB = 320;
export const SERVER_NODE_FLAGS = [`--max-old-space-size=${SERVER_HEAP_MB}`];
