import { z } from "zod";

// Zod 4 probes `new Function` to speed up parsing. Our Content-Security-Policy
// forbids eval, so in the browser that probe is reported as a violation:
// parse without it everywhere (the schemas are small). Every module of ours
// takes `z` from here, so the setting is made before any schema parses, and
// pages without a form do not load Zod at all (decision 0013).
z.config({ jitless: true });

export { z };
