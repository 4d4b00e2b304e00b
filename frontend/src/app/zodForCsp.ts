// What `import ... from 'zod'` is in the browser bundle (frontend/vite.config.ts aliases it here): zod
// itself, set to parse without compiling. zod compiles object parsers with `new Function` where a
// page allows eval, and probes for that when an object schema is made; the pages' CSP (script-src
// 'self', no 'unsafe-eval') refuses the probe and reports a violation. Every module that makes a
// schema imports 'zod', so it runs after the config below.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
