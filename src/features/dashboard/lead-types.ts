import type { LeadType } from '../../api/dashboard.ts';

/** The lead-type tabs of lead progression and responded leads status (AGED leads are the Database Leads). */
export const LEAD_TYPE_TABS: readonly { value: LeadType; label: string; key: 'allLeads' | 'newLeads' | 'agedLeads' }[] =
  [
    { value: 'ALL', label: 'Overall Leads', key: 'allLeads' },
    { value: 'NEW', label: 'New Leads', key: 'newLeads' },
    { value: 'AGED', label: 'Database Leads', key: 'agedLeads' },
  ];
