import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { QuestionnaireUpdate, type Questionnaire } from '../../../src/contract/questionnaires.ts';
import type { Db } from '../../db/database.ts';
import { assertAgent, isProviderUser, notYoursError } from '../../http/ownership.ts';
import { userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';

// An agent's questionnaire: read and written by their brokerage's admins and staff.

const list = (text: string): string[] => {
  try {
    const x: unknown = JSON.parse(text);
    return Array.isArray(x) ? x.map(String) : [];
  } catch {
    return [];
  }
};

async function questionnaireOf(db: Db, agentId: number): Promise<Questionnaire> {
  const q = await db
    .selectFrom('agent_questionnaires as q')
    .leftJoin('users as u', 'u.id', 'q.updated_by')
    .selectAll('q')
    .select(userNameSql('u').as('updated_by_name'))
    .where('q.agent_id', '=', agentId)
    .executeTakeFirst();
  if (!q) {
    return {
      agentId,
      states: [],
      zipCodes: [],
      priceMin: null,
      priceMax: null,
      buyer: false,
      seller: false,
      rental: false,
      languages: [],
      yearsExperience: null,
      updated: null,
      updatedBy: null,
    };
  }
  return {
    agentId,
    states: list(q.states),
    zipCodes: list(q.zip_codes),
    priceMin: q.price_min,
    priceMax: q.price_max,
    buyer: q.buyer,
    seller: q.seller,
    rental: q.rental,
    languages: list(q.languages),
    yearsExperience: q.years_experience === null ? null : Number(q.years_experience),
    updated: q.updated_at.toISOString(),
    updatedBy: q.updated_by_name,
  };
}

export const questionnaireRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/questionnaire',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      return c.json(await questionnaireOf(c.get('db'), id));
    },
  }),
  route({
    method: 'PUT',
    path: '/agents-api/agents/:id{[0-9]+}/questionnaire',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      const { brokerageId } = await assertAgent(c.get('db'), user, id);
      if (!isProviderUser(user) && user.brokerId !== brokerageId) throw notYoursError();
      const b = await jsonBody(c, QuestionnaireUpdate);
      const values = {
        states: JSON.stringify([...new Set(b.states)].sort()),
        zip_codes: JSON.stringify([...new Set(b.zipCodes)].sort()),
        price_min: b.priceMin,
        price_max: b.priceMax,
        buyer: b.buyer,
        seller: b.seller,
        rental: b.rental,
        languages: JSON.stringify([...new Set(b.languages)]),
        years_experience: b.yearsExperience,
        updated_by: user.id,
        updated_at: c.get('now')(),
      };
      await c
        .get('db')
        .insertInto('agent_questionnaires')
        .values({ agent_id: id, ...values })
        .onConflict((oc) => oc.column('agent_id').doUpdateSet(values))
        .execute();
      return c.json(await questionnaireOf(c.get('db'), id));
    },
  }),
];
