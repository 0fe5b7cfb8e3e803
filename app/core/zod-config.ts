import { z } from "zod";

// Zod 4 probes `new Function` to speed up parsing. Our Content-Security-Policy
// forbids eval, so in the browser that probe is reported as a violation:
// parse without it everywhere (the schemas are small).
z.config({ jitless: true });
