import * as v from 'valibot';

// The settings dialog's connection: GET /users-api/oauth-connectors/info/{provider} and
// DELETE /users-api/oauth-connectors/token/{provider}/{userId} (spec 1 section 7, "Connector").

export const ConnectorInfo = v.object({
  provider: v.string(),
  connected: v.boolean(),
  /** The signed-in user's account the connection belongs to, and when it was made. */
  account: v.nullable(v.string()),
  connectedAt: v.nullable(v.string()),
});
export type ConnectorInfo = v.InferOutput<typeof ConnectorInfo>;
