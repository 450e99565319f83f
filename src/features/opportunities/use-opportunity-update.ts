import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { opportunityKeys } from '../../api/opportunities.ts';
import type { Opportunity } from '../../contract/interviews.ts';

/** After a write: the answer becomes the cached opportunity, and the lists reload. */
export function useOpportunityUpdate() {
  const client = useQueryClient();
  return useCallback((o: Opportunity) => {
    client.setQueryData(opportunityKeys.detail(o.id), o);
    void client.invalidateQueries({ queryKey: opportunityKeys.lists() });
  }, [client]);
}
