import * as v from 'valibot';

// Shapes of the identity and shell calls, shared by the console (parsing) and the server (typing).

export const TokenResponse = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
});
export type TokenResponse = v.InferOutput<typeof TokenResponse>;

export const RoleRef = v.object({ id: v.optional(v.number()), name: v.string(), type: v.string() });

export const Me = v.object({
  id: v.number(),
  email: v.nullable(v.string()),
  phone: v.nullish(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  roles: v.array(RoleRef),
  brokerId: v.nullable(v.number()),
  loanOfficeId: v.nullable(v.number()),
  agentId: v.nullable(v.number()),
  passwordExpired: v.boolean(),
  psiLastLogin: v.nullable(v.string()),
});
export type Me = v.InferOutput<typeof Me>;

export const Brokerage = v.object({
  id: v.number(),
  name: v.string(),
  status: v.string(),
  product: v.array(v.object({ productFamily: v.string() })),
});
export type Brokerage = v.InferOutput<typeof Brokerage>;

export const LoanOffice = v.object({ id: v.number(), name: v.string() });
export type LoanOffice = v.InferOutput<typeof LoanOffice>;

export const Agent = v.object({
  id: v.number(),
  brokerageId: v.number(),
  name: v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()), display: v.nullable(v.string()) }),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: v.string(),
  agentDisplayScore: v.nullable(v.number()),
  agentDesktopLastAccessed: v.nullable(v.string()),
  funnelStatus: v.object({
    stages: v.object({ overdueForFollowup: v.object({ count: v.number() }), maxDaysOverdue: v.object({ count: v.number() }) }),
  }),
});
export type Agent = v.InferOutput<typeof Agent>;

export const BoostStatus = v.object({ enabled: v.boolean(), boostPercentage: v.number() });
export type BoostStatus = v.InferOutput<typeof BoostStatus>;

export const AppVersions = v.array(v.object({ env: v.string(), deviceType: v.string(), version: v.string() }));
export type AppVersions = v.InferOutput<typeof AppVersions>;

export const ErrorBody = v.object({
  status: v.number(),
  error: v.optional(v.string()),
  message: v.string(),
  fields: v.optional(v.record(v.string(), v.string())),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** Paged lists answer { content, totalElements }. */
export const paged = <S extends v.GenericSchema>(item: S) => v.object({ content: v.array(item), totalElements: v.number() });
