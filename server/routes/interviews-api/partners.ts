import { sql } from 'kysely';

import { OPPORTUNITY_ROLES } from '../../../src/access/roles.ts';
import type { Partner } from '../../../src/contract/partners.ts';
import { notFound } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, params } from '../../http/validate.ts';

// GET /interviews-api/partners/{id}: the referral partner shown on an opportunity, with
// how many opportunities it sent in and how many of them are still open.

/** Opportunity statuses that end the work on it; the others count as open. */
export const FINISHED_OPPORTUNITY_STATUSES = ['CLOSED', 'DO_NOT_CONTACT', 'UNSERVICEABLE', 'UNQUALIFIED'];

export const partnerRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/partners/:id{[0-9]+}',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const p = await c
        .get('db')
        .selectFrom('partners as p')
        .select([
          'p.id',
          'p.name',
          'p.type',
          'p.contact_name',
          'p.email',
          'p.phone',
          'p.website',
          'p.active',
          'p.created_at',
        ])
        .select((eb) => [
          eb
            .selectFrom('opportunities as o')
            .whereRef('o.partner_id', '=', 'p.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('total'),
          eb
            .selectFrom('opportunities as o')
            .whereRef('o.partner_id', '=', 'p.id')
            .where('o.status', 'not in', FINISHED_OPPORTUNITY_STATUSES)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('open'),
        ])
        .where('p.id', '=', id)
        .executeTakeFirst();
      if (!p) throw notFound('No such partner');
      const body: Partner = {
        id: p.id,
        name: p.name,
        type: p.type as Partner['type'],
        contactName: p.contact_name,
        email: p.email,
        phone: p.phone,
        website: p.website,
        active: p.active,
        created: p.created_at.toISOString(),
        opportunities: { total: Number(p.total ?? 0), open: Number(p.open ?? 0) },
      };
      return c.json(body satisfies Partner);
    },
  }),
];
