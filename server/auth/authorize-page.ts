import { authorizeUrl, type AuthorizeRequest } from './authorize-request.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { MAX_ATTEMPTS } from './otp.ts';

const ACTION = '/auth/oauth2.0/authorize';
const TITLE = 'Login with One-Time Password';

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
const errorBlock = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
const back = (r: AuthorizeRequest) => `<p><a href="${escapeHtml(r.redirectUri)}">Back to sign in</a></p>`;

/** Step 1: the phone number. The OAuth parameters travel as hidden fields and are checked again. */
export function phonePage(r: AuthorizeRequest, o: { error?: string; phone?: string } = {}): string {
  return htmlPage(
    TITLE,
    `
<h1>${TITLE}</h1>
<p>Enter the phone number of your agent account. We will text you a 6-digit code.</p>
${errorBlock(o.error)}
<form method="post" action="${ACTION}">
${hidden('step', 'phone')}
${hidden('response_type', 'code')}
${hidden('client_id', r.clientId)}
${hidden('redirect_uri', r.redirectUri)}
${r.state !== undefined ? hidden('state', r.state) : ''}
${hidden('code_challenge', r.codeChallenge)}
${hidden('code_challenge_method', 'S256')}
<label for="phone">Phone Number</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="20" required autofocus value="${escapeHtml(o.phone ?? '')}">
<button type="submit">Send Code</button>
</form>
${back(r)}`,
  );
}

/** Step 2: the code. The same page whether or not the phone belongs to an agent. */
export function codePage(r: AuthorizeRequest, ref: string, o: { error?: string; attemptsLeft?: number } = {}): string {
  const left = o.attemptsLeft !== undefined && o.attemptsLeft < MAX_ATTEMPTS ? ` ${o.attemptsLeft} attempts left.` : '';
  return htmlPage(
    TITLE,
    `
<h1>Enter your code</h1>
<p>If this phone number belongs to an agent account, we have sent it a 6-digit code. The code expires in 5 minutes.</p>
${errorBlock(o.error ? o.error + left : undefined)}
<form method="post" action="${ACTION}">
${hidden('step', 'code')}
${hidden('otp_ref', ref)}
<label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<button type="submit">Sign In</button>
</form>
<p><a href="${escapeHtml(authorizeUrl(r))}">Send a new code</a></p>
${back(r)}`,
  );
}

/** A request that cannot go on; with the request known, a link starts it again. */
export function errorPage(message: string, restart?: AuthorizeRequest): string {
  return htmlPage(
    TITLE,
    `
<h1>${TITLE}</h1>
${errorBlock(message)}
${restart ? `<p><a href="${escapeHtml(authorizeUrl(restart))}">Start again</a></p>${back(restart)}` : ''}`,
  );
}
