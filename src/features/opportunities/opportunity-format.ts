import type { Opportunity } from '../../contract/interviews.ts';
import { personName } from '../../lib/format.ts';

export const opportunityName = (o: Pick<Opportunity, 'contact' | 'id'>) =>
  personName(o.contact.nameFirst, o.contact.nameLast, `Opportunity ${o.id}`);
