import { OPPORTUNITY_LENDER_ROLES } from '../../../src/access/roles.ts';
import type { OpportunityLender, OpportunityLenderAnswer } from '../../../src/contract/lender-referrals.ts';
import { isLenderStep } from '../../../src/lib/lender-steps.ts';
import { notFound } from '../../http/errors.ts';
import { isProviderUser, missing } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';

// GET /interviews-api/opportunities/{id}/lender (spec 2 section 7): the loan office an opportunity
// was transferred to, its loan officer and lender step, with how to reach each (email, phone). Staff (and the opportunity viewers) read
// any; a loan-office admin only their own office's. An opportunity that went to no lender answers 200 with
// null (the empty case is an answer, not an error: the opportunity view asks on every opportunity); an
// opportunity that does not exist answers 404.
export const opportunityLenderRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/:id{[0-9]+}/lender',
    policy: OPPORTUNITY_LENDER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      const r = await c
        .get('db')
        .selectFrom('lender_referrals as lr')
        .innerJoin('loan_offices as lo', 'lo.id', 'lr.loan_office_id')
        .leftJoin('loan_officers as o', 'o.id', 'lr.loan_officer_id')
        .where('lr.opportunity_id', '=', id)
        .select([
          'lr.id',
          'lr.status',
          'lr.received_at',
          'lo.id as office_id',
          'lo.name as office_name',
          'lo.email as office_email',
          'lo.phone as office_phone',
          'o.id as officer_id',
          'o.first_name',
          'o.last_name',
          'o.status as officer_status',
          'o.email as officer_email',
          'o.phone as officer_phone',
        ])
        .executeTakeFirst();
      const staffLike = isProviderUser(user) || user.roles.includes('CSR_VIEW_OPPORTUNITIES');
      if (!r) {
        if (!staffLike) throw missing(user, 'opportunity');
        const exists = await c
          .get('db')
          .selectFrom('opportunities')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) throw notFound('Opportunity not found');
        return c.json(null satisfies OpportunityLenderAnswer);
      }
      if (!staffLike && user.loanOfficeId !== r.office_id) throw missing(user, 'opportunity');
      return c.json({
        lenderReferralId: r.id,
        loanOffice: { id: r.office_id, name: r.office_name, email: r.office_email, phone: r.office_phone },
        loanOfficer:
          r.officer_id === null
            ? null
            : {
                id: r.officer_id,
                name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
                status: r.officer_status ?? 'ACTIVE',
                email: r.officer_email,
                phone: r.officer_phone,
              },
        status: isLenderStep(r.status) ? r.status : 'RECEIVED',
        received: r.received_at.toISOString(),
      } satisfies OpportunityLender);
    },
  }),
];
