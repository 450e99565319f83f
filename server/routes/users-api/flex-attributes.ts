import * as v from 'valibot';

import { USER_MANAGER_ROLES } from '../../../src/access/roles.ts';
import {
  FlexValueBody,
  FlexValuePatchBody,
  flexValueRule,
  type FlexAttribute,
  type FlexValue,
} from '../../../src/contract/users.ts';
import { userToChange } from '../../auth/user-authority.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, params } from '../../http/validate.ts';
import { audit } from './user-detail.ts';

// Flex attributes (spec 1 section 7): GET /users-api/flexAttributes (the definitions) and one
// user's values: POST /users-api/users/{id}/flexAttributes, PATCH and DELETE .../{attrId}, where
// attrId is the definition's id (a user has at most one value per attribute). User managers only.

const AttrParams = v.object({ id: Id, attrId: Id });
const optionsOf = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

async function definition(db: Db, attributeId: number) {
  const def = await db.selectFrom('flex_attributes').selectAll().where('id', '=', attributeId).executeTakeFirst();
  if (!def) throw badRequest('The attribute is not valid', { attributeId: 'No such attribute' });
  return def;
}

/** The user whose values change: one the caller may change (src/access/role-grants.ts, mayActOnUser). */
async function assertUser(c: AppContext, db: Db, id: number) {
  await userToChange(c, db, id, { self: 'refuse', selfMessage: 'You cannot change your own attributes' });
}

/** Writes one value (insert or update), checked against its definition, and audits it. */
async function setValue(
  c: AppContext,
  userId: number,
  attributeId: number,
  value: string,
  mode: 'create' | 'update',
): Promise<FlexValue> {
  return c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      await assertUser(c, trx, userId);
      const def = await definition(trx, attributeId);
      const checked = v.safeParse(flexValueRule(def.type, optionsOf(def.options)), value);
      if (!checked.success) throw badRequest('The value is not valid', { value: checked.issues[0].message });
      const now = c.get('now')();
      const row = {
        user_id: userId,
        attribute_id: attributeId,
        value: value.trim(),
        updated_by: c.get('auth').actor.id,
        updated_at: now,
      };
      if (mode === 'update') {
        const updated = await trx
          .updateTable('user_flex_attributes')
          .set({ value: row.value, updated_by: row.updated_by, updated_at: now })
          .where('user_id', '=', userId)
          .where('attribute_id', '=', attributeId)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw notFound('This user has no value for that attribute');
      } else {
        await trx
          .insertInto('user_flex_attributes')
          .values(row)
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'attribute_id'])
              .doUpdateSet({ value: row.value, updated_by: row.updated_by, updated_at: now }),
          )
          .execute();
      }
      await audit(trx, c, userId, 'FLEX_ATTRIBUTE_SET', `${def.label}: ${row.value}`);
      return { attributeId, name: def.name, label: def.label, value: row.value, updated: now.toISOString() };
    });
}

export const flexAttributeRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/flexAttributes',
    policy: USER_MANAGER_ROLES,
    handler: async (c) => {
      const rows = await c
        .get('db')
        .selectFrom('flex_attributes')
        .selectAll()
        .orderBy('position')
        .orderBy('id')
        .execute();
      const list = rows.map((r): FlexAttribute => ({
        id: r.id,
        name: r.name,
        label: r.label,
        type: r.type,
        options: optionsOf(r.options),
        required: r.required,
      }));
      return c.json(list satisfies FlexAttribute[]);
    },
  }),
  route({
    method: 'POST',
    path: '/users-api/users/:id{[0-9]+}/flexAttributes',
    policy: USER_MANAGER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, FlexValueBody);
      return c.json((await setValue(c, id, body.attributeId, body.value, 'create')) satisfies FlexValue, 201);
    },
  }),
  route({
    method: 'PATCH',
    path: '/users-api/users/:id{[0-9]+}/flexAttributes/:attrId{[0-9]+}',
    policy: USER_MANAGER_ROLES,
    handler: async (c) => {
      const { id, attrId } = params(c, AttrParams);
      const body = await jsonBody(c, FlexValuePatchBody);
      return c.json((await setValue(c, id, attrId, body.value, 'update')) satisfies FlexValue);
    },
  }),
  route({
    method: 'DELETE',
    path: '/users-api/users/:id{[0-9]+}/flexAttributes/:attrId{[0-9]+}',
    policy: USER_MANAGER_ROLES,
    handler: async (c) => {
      const { id, attrId } = params(c, AttrParams);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          await assertUser(c, trx, id);
          const def = await trx
            .selectFrom('flex_attributes')
            .select(['label', 'required'])
            .where('id', '=', attrId)
            .executeTakeFirst();
          if (!def) throw notFound('No such attribute');
          if (def.required) throw conflict(`${def.label} is required: change it instead`);
          const gone = await trx
            .deleteFrom('user_flex_attributes')
            .where('user_id', '=', id)
            .where('attribute_id', '=', attrId)
            .executeTakeFirst();
          if (gone.numDeletedRows === 0n) throw notFound('This user has no value for that attribute');
          await audit(trx, c, id, 'FLEX_ATTRIBUTE_REMOVED', def.label);
        });
      return c.body(null, 204);
    },
  }),
];
