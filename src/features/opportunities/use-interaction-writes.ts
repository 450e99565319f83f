import { correctDispositionWrite, logInteractionWrite, strikeInteractionWrite } from '../../api/opportunities.ts';
import { useWrite } from '../../api/write.ts';

// Logging an interaction, correcting its disposition, striking it: the writes and what each reloads
// on the opportunity page are in src/api/opportunities.ts.

export const useLogInteraction = (opportunityId: number) => useWrite(logInteractionWrite(opportunityId));
export const useCorrectDisposition = (opportunityId: number) => useWrite(correctDispositionWrite(opportunityId));
export const useStrikeInteraction = (opportunityId: number) => useWrite(strikeInteractionWrite(opportunityId));
