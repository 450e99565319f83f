import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';

import { LENDER_DETAIL_ROLES, LENDER_LIST_ROLES, LENDER_WRITE_ROLES } from '../../../src/access/roles.ts';
import { isoDate } from '../../../src/contract/common.ts';
import {
  AssignLoanOfficer,
  LenderStatusChange,
  type LenderReferralDetail,
  type LenderReferralNote,
  type LenderReferralRow,
} from '../../../src/contract/lender-referrals.ts';
import { formatCents } from '../../../src/lib/format.ts';
import { parseIsoDate } from '../../../src/lib/iso-time.ts';
import {
  canMoveLenderStep,
  isLenderStep,
  isOpenStep,
  LENDER_STEP_LABELS,
  LENDER_STEPS,
  nextLenderSteps,
  OPEN_STEPS,
  type LenderStep,
} from '../../../src/lib/lender-steps.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { lenderAudience } from '../../events/audience.ts';
import { recordEvent } from '../../events/outbox.ts';
import { csvResponse } from '../../http/csv.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { isProviderUser, missing } from '../../http/ownership.ts';
import {
  BoolParam,
  countOf,
  IdParam,
  likeWildcard,
  NoteBody,
  noteView,
  Sort,
  TextParam,
  userNameSql,
} from '../../http/paging.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { assertOfficeWrite, lenderScope, type LenderScope } from '../lenders-api/lender-scope.ts';

// Lender referrals: GET /lenders-match-api/lender-assignments (the list; spec 2 section 7)
// with its CSV export and, on one of them, the detail, assigning a loan officer, moving the lender step and notes.
// List roles: spec 1 section 6 lender-referrals list; detail: its view/:id; writes:
// docs/decisions/0013-lender-referrals-steps-and-access.md.

const BASE = '/lenders-match-api/lender-assignments';

const ListQuery = v.object({
  ...Paging,
  loanOfficeId: IdParam,
  loanOfficerId: IdParam,
  /** true: only referrals no loan officer holds. */
  unassigned: BoolParam,
  /** A lender step, or OPEN: every step still being worked (the overview's Open figure). */
  status: v.optional(v.picklist([...LENDER_STEPS, 'OPEN'], 'status must be a lender step or OPEN')),
  /** Buyer name, email or phone. */
  name: TextParam(),
  /** Received on or after this UTC day (YYYY-MM-DD): the overview's 12-month conversion figures. */
  receivedFrom: v.optional(isoDate('receivedFrom must be a real calendar date as YYYY-MM-DD')),
  sort: Sort(['received', 'updated', 'status', 'buyer'], 'received,DESC'),
});
const SORT = {
  received: sql`lr.received_at`,
  updated: sql`lr.updated_at`,
  status: sql`lr.status`,
  // "Last First", lowercased: kept on the referral from its opportunity (migration 058), read in order
  // from the (office, buyer) and (brokerage, buyer) indexes.
  buyer: sql`lr.buyer_sort`,
};

const rows = (db: Kysely<Database>) =>
  db
    .selectFrom('lender_referrals as lr')
    .innerJoin('opportunities as op', 'op.id', 'lr.opportunity_id')
    .innerJoin('brokerages as b', 'b.id', 'lr.brokerage_id')
    .innerJoin('loan_offices as lo', 'lo.id', 'lr.loan_office_id')
    .leftJoin('agents as a', 'a.id', 'lr.agent_id')
    .leftJoin('loan_officers as o', 'o.id', 'lr.loan_officer_id')
    .select([
      'lr.id',
      'lr.opportunity_id',
      'lr.status',
      'lr.received_at',
      'lr.updated_at',
      'lr.loan_office_id',
      'lr.brokerage_id',
      'lr.agent_id',
      'lr.loan_officer_id',
      'lr.loan_amount_cents',
      'lr.lost_reason',
      'lr.first_contact_at',
      'lr.closed_at',
      'op.status as opportunity_status',
      'op.type',
      'op.contact_first',
      'op.contact_last',
      'op.contact_phone',
      'op.contact_email',
      'b.name as brokerage_name',
      'lo.name as office_name',
      'a.phone as agent_phone',
      'a.email as agent_email',
      sql<string | null>`nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '')`.as('agent_name'),
      sql<string | null>`nullif(trim(concat_ws(' ', o.first_name, o.last_name)), '')`.as('officer_name'),
      'o.status as officer_status',
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

const step = (s: string): LenderStep => (isLenderStep(s) ? s : 'RECEIVED');

const rowView = (r: Row): LenderReferralRow => ({
  id: r.id,
  opportunityId: r.opportunity_id,
  opportunityStatus: r.opportunity_status,
  status: step(r.status),
  buyer: { first: r.contact_first, last: r.contact_last },
  type: r.type,
  agent: r.agent_id === null ? null : { id: r.agent_id, name: r.agent_name },
  brokerage: { id: r.brokerage_id, name: r.brokerage_name },
  loanOffice: { id: r.loan_office_id, name: r.office_name },
  loanOfficer:
    r.loan_officer_id === null
      ? null
      : { id: r.loan_officer_id, name: r.officer_name ?? '', status: r.officer_status ?? 'ACTIVE' },
  received: r.received_at.toISOString(),
  updated: r.updated_at.toISOString(),
});

/** The referral if the user may see it; 404 for staff, 403 for anyone else (missing or not theirs). */
async function visible(db: Db, user: AuthUser, id: number): Promise<Row> {
  const r = await rows(db).where('lr.id', '=', id).executeTakeFirst();
  if (!r || (!isProviderUser(user) && user.loanOfficeId !== r.loan_office_id))
    throw missing(user, 'lender referral', 'referral');
  return r;
}

export async function lenderReferralDetail(db: Db, user: AuthUser, id: number): Promise<LenderReferralDetail> {
  const r = await visible(db, user, id);
  const [history, notes] = await Promise.all([
    db
      .selectFrom('lender_referral_events as e')
      .leftJoin('loan_officers as o', 'o.id', 'e.loan_officer_id')
      .leftJoin('users as u', 'u.id', 'e.actor_user_id')
      .where('e.lender_referral_id', '=', id)
      .select([
        'e.id',
        'e.type',
        'e.from_status',
        'e.to_status',
        'e.detail',
        'e.created_at',
        sql<string | null>`nullif(trim(concat_ws(' ', o.first_name, o.last_name)), '')`.as('officer_name'),
        userNameSql('u').as('actor_name'),
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute(),
    db
      .selectFrom('lender_referral_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_user_id')
      .where('n.lender_referral_id', '=', id)
      .select(['n.id', 'n.body', 'n.author_user_id', 'n.created_at', userNameSql('u').as('author_name')])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute(),
  ]);
  return {
    ...rowView(r),
    buyerContact: { phone: r.contact_phone, email: r.contact_email },
    agentContact: r.agent_id === null ? null : { phone: r.agent_phone, email: r.agent_email },
    loanAmountCents: r.loan_amount_cents,
    lostReason: r.lost_reason,
    firstContact: r.first_contact_at?.toISOString() ?? null,
    closed: r.closed_at?.toISOString() ?? null,
    nextSteps: nextLenderSteps(step(r.status)),
    history: history.map((e) => ({
      id: e.id,
      type: e.type,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      loanOfficer: e.officer_name,
      detail: e.detail,
      actor: e.actor_name,
      created: e.created_at.toISOString(),
    })),
    notes: notes.map((n): LenderReferralNote => noteView(n)),
  };
}

/** A write on one referral: in one transaction, the row locked, the office checked. */
async function write<T>(
  c: AppContext,
  id: number,
  work: (
    trx: Db,
    r: {
      loan_office_id: number;
      status: string;
      loan_officer_id: number | null;
      first_contact_at: Date | null;
      received_at: Date;
    },
  ) => Promise<T>,
): Promise<T> {
  const { user } = c.get('auth');
  return c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      const r = await trx
        .selectFrom('lender_referrals')
        .select(['id', 'loan_office_id', 'status', 'loan_officer_id', 'first_contact_at', 'received_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!r || (!isProviderUser(user) && user.loanOfficeId !== r.loan_office_id))
        throw missing(user, 'lender referral', 'referral');
      assertOfficeWrite(user, r.loan_office_id);
      const result = await work(trx, r);
      // The loan office's open screens (and staff's) hear of every write to one of its referrals.
      await recordEvent(trx, {
        type: 'LENDER_REFERRAL_CHANGED',
        payload: { lenderReferralId: id, loanOfficeId: r.loan_office_id },
        audience: lenderAudience(r.loan_office_id),
      });
      return result;
    });
}

/** The closing day as noon UTC (so it reads as that day in every US zone); 400 beside the field when out of range. */
function closingDay(closedOn: string | undefined, receivedAt: Date, now: Date): Date {
  const day = parseIsoDate(closedOn ?? '');
  if (!day) throw badRequest('The request body is not valid', { closedOn: 'Enter the closing date' });
  // Today anywhere: a reader east of UTC may already be on tomorrow's date (UTC+14 at most).
  if (day.getTime() > now.getTime() + 14 * 3600_000)
    throw badRequest('The request body is not valid', { closedOn: 'The closing date cannot be in the future' });
  if (day.getTime() < Date.UTC(receivedAt.getUTCFullYear(), receivedAt.getUTCMonth(), receivedAt.getUTCDate())) {
    throw badRequest('The request body is not valid', {
      closedOn: 'The closing date cannot be before the referral was received',
    });
  }
  return new Date(day.getTime() + 12 * 3600_000);
}

type ReferralFilter = Omit<v.InferOutput<typeof ListQuery>, 'pageIndex' | 'pageSize' | 'sort'>;

/** The referrals a list (or its export) shows: the user's scope, then the filters. */
const filteredReferrals = (db: Db, scope: LenderScope, q: ReferralFilter) =>
  db
    .selectFrom('lender_referrals as lr')
    .$if(scope.officeId !== undefined, (qb) => qb.where('lr.loan_office_id', '=', scope.officeId ?? -1))
    .$if(scope.brokerageId !== undefined, (qb) => qb.where('lr.brokerage_id', '=', scope.brokerageId ?? -1))
    .$if(q.status === 'OPEN', (qb) => qb.where('lr.status', 'in', [...OPEN_STEPS]))
    .$if(q.status !== undefined && q.status !== 'OPEN', (qb) => qb.where('lr.status', '=', q.status ?? 'RECEIVED'))
    .$if(q.loanOfficerId !== undefined, (qb) => qb.where('lr.loan_officer_id', '=', q.loanOfficerId ?? -1))
    .$if(q.unassigned === 'true', (qb) => qb.where('lr.loan_officer_id', 'is', null))
    .$if(q.receivedFrom !== undefined, (qb) =>
      qb.where('lr.received_at', '>=', new Date(`${q.receivedFrom}T00:00:00Z`)),
    )
    .$if(Boolean(q.name), (qb) => {
      const like = likeWildcard((q.name ?? '').toLowerCase());
      // The buyer's name, email and phone, kept on the referral apart by chr(31) (migration 058): the whole
      // text finds the candidates through its trigram index, and a match must lie within one of the three
      // (a * in the term must not join the name to the email).
      return qb.where(
        sql<boolean>`lr.buyer_search like ${like} and (split_part(lr.buyer_search, chr(31), 1) like ${like}
        or split_part(lr.buyer_search, chr(31), 2) like ${like} or split_part(lr.buyer_search, chr(31), 3) like ${like})`,
      );
    });

const ExportQuery = v.object({
  loanOfficeId: IdParam,
  loanOfficerId: IdParam,
  unassigned: BoolParam,
  status: ListQuery.entries.status,
  name: TextParam(),
  receivedFrom: ListQuery.entries.receivedFrom,
});

export const lenderReferralRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: BASE,
    policy: LENDER_LIST_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const scope = lenderScope(c.get('auth').user, q.loanOfficeId);
      const db = c.get('db');
      const filtered = () => filteredReferrals(db, scope, q);
      const [totalElements, page] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        rows(db)
          .where(
            'lr.id',
            'in',
            filtered()
              .select('lr.id')
              .orderBy(SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc')
              .orderBy('lr.id', 'desc')
              .offset(q.pageIndex * q.pageSize)
              .limit(q.pageSize),
          )
          .orderBy(SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc')
          .orderBy('lr.id', 'desc')
          .execute(),
      ]);
      return c.json({ content: page.map(rowView), totalElements });
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/export.csv`,
    policy: LENDER_LIST_ROLES,
    handler: async (c) => {
      const q = query(c, ExportQuery);
      const scope = lenderScope(c.get('auth').user, q.loanOfficeId);
      const db = c.get('db');
      // The list's columns, in batches by id (the CSV helper's keyset order).
      return csvResponse(c, 'lender-referrals', q, {
        header: [
          'Id',
          'Buyer First Name',
          'Buyer Last Name',
          'Agent',
          'Brokerage',
          'Loan Office',
          'Status',
          'Loan Officer',
          'Received',
          'Updated',
        ],
        batch: (after, size) =>
          rows(db)
            .where('lr.id', 'in', filteredReferrals(db, scope, q).select('lr.id'))
            .$if(after !== undefined, (qb) => qb.where('lr.id', '>', after ?? 0))
            .orderBy('lr.id')
            .limit(size)
            .execute(),
        cursor: (r) => r.id,
        cells: (r) => [
          r.id,
          r.contact_first,
          r.contact_last,
          r.agent_name,
          r.brokerage_name,
          r.office_name,
          LENDER_STEP_LABELS[step(r.status)],
          r.officer_name ?? 'Unassigned',
          r.received_at,
          r.updated_at,
        ],
      });
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id{[0-9]+}`,
    policy: LENDER_DETAIL_ROLES,
    handler: async (c) => c.json(await lenderReferralDetail(c.get('db'), c.get('auth').user, params(c, IdParams).id)),
  }),
  route({
    method: 'PUT',
    path: `${BASE}/:id{[0-9]+}/loan-officer`,
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { loanOfficerId } = await jsonBody(c, AssignLoanOfficer);
      const now = c.get('now')();
      const detail = await write(c, id, async (trx, r) => {
        // A closed loan is final: its officer is part of the record.
        if (r.status === 'CLOSED')
          throw conflict('A closed loan is final; its loan officer cannot change', {
            loanOfficerId: 'A closed loan is final',
          });
        if (r.loan_officer_id !== loanOfficerId) {
          if (loanOfficerId !== null) {
            const officer = await trx
              .selectFrom('loan_officers')
              .select(['id', 'loan_office_id', 'status'])
              .where('id', '=', loanOfficerId)
              .executeTakeFirst();
            if (!officer || officer.loan_office_id !== r.loan_office_id) {
              throw badRequest('The request body is not valid', {
                loanOfficerId: 'Choose a loan officer of this loan office',
              });
            }
            if (officer.status !== 'ACTIVE')
              throw badRequest('The request body is not valid', { loanOfficerId: 'That loan officer is not active' });
          }
          await trx
            .updateTable('lender_referrals')
            .set({ loan_officer_id: loanOfficerId, updated_at: now })
            .where('id', '=', id)
            .execute();
          await trx
            .insertInto('lender_referral_events')
            .values({
              lender_referral_id: id,
              type: loanOfficerId === null ? 'UNASSIGNED' : 'ASSIGNED',
              loan_officer_id: loanOfficerId ?? r.loan_officer_id,
              detail: r.loan_officer_id !== null && loanOfficerId !== null ? 'Reassigned' : null,
              actor_user_id: c.get('auth').actor.id,
              created_at: now,
            })
            .execute();
        }
        return lenderReferralDetail(trx, c.get('auth').user, id);
      });
      return c.json(detail);
    },
  }),
  route({
    method: 'PUT',
    path: `${BASE}/:id{[0-9]+}/status`,
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, LenderStatusChange);
      const now = c.get('now')();
      const detail = await write(c, id, async (trx, r) => {
        const from = step(r.status);
        if (!canMoveLenderStep(from, body.status)) {
          // Said in the steps' own words, as the screen names them (one label table), never as codes.
          throw conflict(
            `A referral cannot move from ${LENDER_STEP_LABELS[from]} to ${LENDER_STEP_LABELS[body.status]}`,
            {
              status: `Next steps: ${
                nextLenderSteps(from)
                  .map((s) => LENDER_STEP_LABELS[s])
                  .join(', ') || 'none'
              }`,
            },
          );
        }
        // A close records the day the loan closed, which cannot be after today nor before the referral came.
        const closedAt = body.status === 'CLOSED' ? closingDay(body.closedOn, r.received_at, now) : null;
        await trx
          .updateTable('lender_referrals')
          .set({
            status: body.status,
            updated_at: now,
            // The first move to a working step is the first contact (time to first contact on the overview);
            // a close or Not Proceeding says nothing of when the buyer was first reached.
            ...(r.first_contact_at === null && isOpenStep(body.status) ? { first_contact_at: now } : {}),
            ...(closedAt ? { closed_at: closedAt } : {}),
            lost_reason: body.status === 'LOST' ? (body.reason ?? null) : null,
            ...(body.loanAmountCents !== undefined ? { loan_amount_cents: body.loanAmountCents } : {}),
          })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('lender_referral_events')
          .values({
            lender_referral_id: id,
            type: 'STATUS_CHANGED',
            from_status: from,
            to_status: body.status,
            loan_officer_id: r.loan_officer_id,
            detail:
              body.status === 'LOST'
                ? (body.reason ?? null)
                : body.status === 'CLOSED'
                  ? `${formatCents(body.loanAmountCents ?? 0)}, closed ${body.closedOn ?? ''}`
                  : null,
            actor_user_id: c.get('auth').actor.id,
            created_at: now,
          })
          .execute();
        return lenderReferralDetail(trx, c.get('auth').user, id);
      });
      return c.json(detail);
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id{[0-9]+}/notes`,
    policy: LENDER_WRITE_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { body } = await jsonBody(c, NoteBody);
      const note = await write(c, id, async (trx) => {
        const n = await trx
          .insertInto('lender_referral_notes')
          .values({ lender_referral_id: id, author_user_id: c.get('auth').actor.id, body, created_at: c.get('now')() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .selectFrom('lender_referral_notes as n')
          .leftJoin('users as u', 'u.id', 'n.author_user_id')
          .where('n.id', '=', n.id)
          .select(['n.id', 'n.body', 'n.author_user_id', 'n.created_at', userNameSql('u').as('author_name')])
          .executeTakeFirstOrThrow();
      });
      return c.json(noteView(note) satisfies LenderReferralNote, 201);
    },
  }),
];
