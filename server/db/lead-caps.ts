import { sql, type RawBuilder } from 'kysely';

/**
 * A brokerage's quarterly lead cap, derived from its lead suppliers' limits (the one source of
 * truth, set on the Supplier Management screen): the sum of the suppliers' quarterly caps, or 0
 * ("No cap", spec 2 section 9) when no supplier has a limit for it or one of them is uncapped
 * (0 or 99999). `brokerageId` is a column reference or a value.
 */
export const quarterlyCapSql = (brokerageId: RawBuilder<unknown> | number): RawBuilder<number> => sql<number>`(
  select case when count(*) = 0 or bool_or(l.quarterly_cap in (0, 99999)) then 0 else sum(l.quarterly_cap) end::int
  from lead_supplier_limits l where l.brokerage_id = ${brokerageId})`;
