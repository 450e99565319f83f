import { createContext, useContext } from 'react';

import type { Product } from '../../contract/brokerages.ts';

/** What every widget needs to know: whose figures, for which product, and who is asking. */
export interface DashboardScope {
  brokerageId: number;
  brokerageName: string;
  /** The product the selector chose (COMBINED unless changed). */
  product: Product;
  /** The brokerage has LeadGenius (IRIS); without it the IRIS widgets are teasers. */
  leadGenius: boolean;
  impersonating: boolean;
  user: { name: string; email: string | null };
  /** Opens the lead detail dialog for one opportunity. */
  openLead: (opportunityId: string) => void;
}

export const DashboardContext = createContext<DashboardScope | null>(null);

export function useDashboard(): DashboardScope {
  const scope = useContext(DashboardContext);
  if (!scope) throw new Error('useDashboard outside the overview page');
  return scope;
}
