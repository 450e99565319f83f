import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { EMAIL_TEMPLATES, EmailSettingBody, type EmailSetting } from '../../../src/contract/email-settings.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AuthUser, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, params, query } from '../../http/validate.ts';

// The brokerage's email settings (spec 1 section 7): one row per (template, address). A brokerage
// admin edits their own brokerage's (settings/email); staff any brokerage's (brokerages/email/:id).

const DUPLICATE = 'This address already receives this email.';

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(320))),
});

function scopeOf(user: AuthUser, asked: number | undefined): number {
  if (asked !== undefined) {
    assertBrokerage(user, asked);
    return asked;
  }
  if (user.brokerId !== null) return user.brokerId;
  throw badRequest('The request is not valid', { brokerageId: 'A brokerage is required' });
}

const toView = (r: {
  id: number;
  brokerage_id: number;
  template: string;
  email: string;
  created_at: Date;
}): EmailSetting => ({
  id: r.id,
  brokerageId: r.brokerage_id,
  template: r.template,
  email: r.email,
  created: r.created_at.toISOString(),
});

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

async function ownedSetting(db: Db, user: AuthUser, id: number) {
  const row = await db.selectFrom('email_settings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw missing(user, 'email setting');
  try {
    assertBrokerage(user, row.brokerage_id);
  } catch {
    throw missing(user, 'email setting');
  }
  return row;
}

export const emailSettingRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/emailSettings',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerageId = scopeOf(c.get('auth').user, q.brokerageId);
      const rows = await c
        .get('db')
        .selectFrom('email_settings')
        .selectAll()
        .where('brokerage_id', '=', brokerageId)
        .$if(Boolean(q.email), (qb) => qb.where('email', '=', q.email ?? ''))
        .orderBy('template')
        .orderBy('email')
        .execute();
      return c.json(rows.map(toView));
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/emailSettings/templates',
    policy: BROKERAGE_READER_ROLES,
    handler: (c) => c.json(EMAIL_TEMPLATES),
  }),
  route({
    method: 'POST',
    path: '/users-api/emailSettings',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, EmailSettingBody);
      const { user, actor } = c.get('auth');
      const db = c.get('db');
      try {
        if (body.id !== undefined) {
          const row = await ownedSetting(db, user, body.id);
          if (body.brokerageId !== undefined && body.brokerageId !== row.brokerage_id)
            throw badRequest('The request body is not valid', { brokerageId: 'A setting stays with its brokerage' });
          const updated = await db.transaction().execute(async (trx) => {
            const clash = await trx
              .selectFrom('email_settings')
              .select('id')
              .where('brokerage_id', '=', row.brokerage_id)
              .where('template', '=', body.template)
              .where('email', '=', body.email)
              .where('id', '<>', row.id)
              .executeTakeFirst();
            if (clash) throw conflict(DUPLICATE, { email: DUPLICATE });
            return trx
              .updateTable('email_settings')
              .set({ template: body.template, email: body.email })
              .where('id', '=', row.id)
              .returningAll()
              .executeTakeFirstOrThrow();
          });
          return c.json(toView(updated));
        }
        const brokerageId = scopeOf(user, body.brokerageId);
        const created = await db
          .insertInto('email_settings')
          .values({
            brokerage_id: brokerageId,
            template: body.template,
            email: body.email,
            created_by: actor.id,
            created_at: c.get('now')(),
          })
          .onConflict((oc) => oc.columns(['brokerage_id', 'template', 'email']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!created) throw conflict(DUPLICATE, { email: DUPLICATE });
        return c.json(toView(created), 201);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(DUPLICATE, { email: DUPLICATE });
        throw e;
      }
    },
  }),
  route({
    method: 'DELETE',
    path: '/users-api/emailSettings/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const row = await ownedSetting(c.get('db'), c.get('auth').user, id);
      await c.get('db').deleteFrom('email_settings').where('id', '=', row.id).execute();
      return c.body(null, 204);
    },
  }),
];
