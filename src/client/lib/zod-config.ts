// Zod compiles fast parsers with new Function() unless told not to; our CSP forbids eval, and the
// probe alone is reported as a violation. Zod reads its global config from this object (see
// zod/v4/core globalConfig), so setting it here, first in main.tsx, needs no Zod code in the entry.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }
