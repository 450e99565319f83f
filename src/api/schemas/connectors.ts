import * as v from 'valibot';

// The connected email and calendar service (Cloze), spec 1 section 7 "Connector".

/** GET /users-api/oauth-connectors/cloze: where to send the user, and the state it will bring back. */
export const ConnectorStart = v.object({ authorizeUrl: v.string(), state: v.string() });
export type ConnectorStart = v.InferOutput<typeof ConnectorStart>;

/** GET /users-api/oauth-connectors/cloze/callback?code&state: the stored connection. */
export const ConnectorConnection = v.object({ provider: v.string(), connected: v.boolean(), connectedAt: v.string() });
export type ConnectorConnection = v.InferOutput<typeof ConnectorConnection>;
