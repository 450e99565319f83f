import * as v from 'valibot';

import { temporaryPasswordGrant, updatePassword } from '../../api/auth.ts';
import { ApiError, request } from '../../api/client.ts';
import { InviteCodeResult, Me } from '../../contract/users.ts';
import { clientIdForHost } from '../../lib/hosts.ts';

// Spec 1 section 8, verbatim: each step of the invite-code flow has its own message.
export const REGISTER_MESSAGES = {
  code: 'There was an error validating this invite code.',
  token: 'There was an error getting your access token.',
  user: 'There was an error authenticating your user.',
  userId: 'Error, user ID is missing.',
  profile: 'Error while loading user profile.',
  password: 'Error while updating user password.',
  success: 'Password successfully set.',
} as const;

export class RegisterError extends Error {
  /** true when the server refused the code itself (unknown, used, expired): said at the Invite Code field. */
  readonly onCode: boolean;
  constructor(message: string, onCode = false) {
    super(message);
    this.onCode = onCode;
  }
}

/** The server's reason as a sentence: "This code was already used" -> "This code was already used." */
const sentence = (reason: string) => (/[.!?]$/.test(reason) ? reason : `${reason}.`);

/**
 * The code step's failure: the spec's message, with the server's reason when it refused the code (404
 * unknown, 410 used or expired: the code's, so at its field) or the caller (429: too many tries).
 */
function codeRefusal(err: unknown): RegisterError {
  if (
    err instanceof ApiError &&
    !err.network &&
    (err.status === 404 || err.status === 410 || err.status === 429) &&
    err.message
  ) {
    return new RegisterError(`${REGISTER_MESSAGES.code} ${sentence(err.message)}`, err.status !== 429);
  }
  return new RegisterError(REGISTER_MESSAGES.code);
}

/** A verified code: the user it opens and the temporary session's access token (never stored). */
export interface VerifiedInvite {
  user: Me;
  accessToken: string;
}

async function step<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw new RegisterError(message);
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Ends the temporary session on the server. It never enters the session store, so the user is
 * not signed in afterwards and signs in on /login with the new password.
 */
export function endTemporarySession(accessToken: string): Promise<void> {
  return request('/auth/logout', { auth: false, headers: bearer(accessToken) }).then(
    () => undefined,
    () => undefined,
  );
}

/** Verifying: the code's temporary credential, its token, then the user behind it. */
export async function verifyInviteCode(code: string): Promise<VerifiedInvite> {
  const credential = await request(`/users-api/invites/code/${encodeURIComponent(code.trim())}`, {
    method: 'PUT',
    auth: false,
    schema: InviteCodeResult,
  }).catch((err: unknown) => {
    throw codeRefusal(err);
  });
  const tokens = await step(REGISTER_MESSAGES.token, () =>
    temporaryPasswordGrant({ id: credential.id, password: credential.password, clientId: clientIdForHost() }),
  );
  try {
    // auth: false with an explicit bearer: a refusal here is this flow's error, not the end of a session.
    const me = await step(REGISTER_MESSAGES.user, () =>
      request('/users-api/users/me', { auth: false, headers: bearer(tokens.access_token) }),
    );
    if (!v.is(v.object({ id: v.number() }), me)) throw new RegisterError(REGISTER_MESSAGES.userId);
    const user = v.safeParse(Me, me);
    if (!user.success) throw new RegisterError(REGISTER_MESSAGES.profile);
    return { user: user.output, accessToken: tokens.access_token };
  } catch (err) {
    void endTemporarySession(tokens.access_token);
    throw err;
  }
}

/** Verified: the new password is set on the temporary session, which then ends either way. */
export async function setInvitePassword(invite: VerifiedInvite, password: string): Promise<void> {
  try {
    await step(REGISTER_MESSAGES.password, () => updatePassword(invite.user.id, { password }, invite.accessToken));
  } finally {
    await endTemporarySession(invite.accessToken);
  }
}
