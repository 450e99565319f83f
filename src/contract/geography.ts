import type * as v from 'valibot';

import { ZipCode } from './agent-assignments.ts';
import { paged } from './common.ts';

// Geography (spec 2 section 7 "Geography: zipCodes/{zip}, geography; markets").
// GET /interviews-api/zipCodes/{zip} answers one ZipCode (contract agent-assignments.ts);
// GET /interviews-api/geography searches the table or resolves a list of ZIPs at once.

export { ZipCode };
/** GET /interviews-api/geography?zip=<prefix>&city=&state=&marketId=&zips=04101,53703 (paged, ZIP order). */
export const GeographyPage = paged(ZipCode);
export type GeographyPage = v.InferOutput<typeof GeographyPage>;
/** At most this many ZIPs resolved by one `zips` list (a questionnaire holds at most 200, MAX_ZIP_CODES). */
export const MAX_RESOLVE_ZIPS = 200;
