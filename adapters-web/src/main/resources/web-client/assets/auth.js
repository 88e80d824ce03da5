// The access token, and the refresh that every request and every tab of this browser shares.
//
// - The access token lives in this module's memory only. The refresh token is the HttpOnly cookie the browser sends
//   to /api/refresh by itself; this code never sees it.
// - The cookie jar is shared by all tabs, and presenting a refresh token twice ends the session (reuse detection).
//   So a refresh runs only while holding one Web Lock for the whole origin. Whoever gets the token passes it to the
//   other tabs on a BroadcastChannel, and a request that failed with an older token takes that one instead of
//   refreshing again.
// - Every token is tagged with a generation (a timestamp, larger for newer tokens), so "newer than the token my
//   request failed with" is a plain comparison, in this tab and across tabs.

const REFRESH_LOCK = 'auth-service-refresh';
const TAB_LOCK = 'auth-service-tab';
const ANSWER_TIMEOUT_MS = 1000;

let current = null; // { token, gen } or null
const listeners = { signedIn: [], signedOut: [] };
const channel = new BroadcastChannel('auth-service');
let asking = null; // { id, missing, done } while this tab waits for the other tabs' answers
let reauthenticator = null; // asks the user who they are again; resolves true once they proved it

export class SessionEnded extends Error {}

/** Web Locks exist only in a secure context (HTTPS, or localhost), where the Secure refresh cookie works too. */
export const supported = Boolean(navigator.locks);

// Each tab holds a shared lock while it lives, so the number of tabs can be counted with navigator.locks.query().
const registered = supported && new Promise(granted =>
  navigator.locks.request(TAB_LOCK, { mode: 'shared' }, () => {
    granted();
    return new Promise(() => {});
  }));

export function signedIn() {
  return current !== null;
}

/** Another tab signed in (the cookie is shared, so this tab is signed in too). */
export function onSignedIn(listener) {
  listeners.signedIn.push(listener);
}

export function onSignedOut(listener) {
  listeners.signedOut.push(listener);
}

function adopt(token, gen) {
  if (!current || gen > current.gen) {
    current = { token, gen };
  }
}

function newToken(token) {
  adopt(token, Math.max(Date.now(), current ? current.gen + 1 : 0));
  channel.postMessage({ type: 'token', ...current });
}

function newerThan(gen) {
  return current !== null && current.gen > gen;
}

channel.onmessage = ({ data }) => {
  if (data.type === 'token') {
    const wasSignedOut = current === null;
    adopt(data.token, data.gen);
    if (wasSignedOut) listeners.signedIn.forEach(listener => listener());
  } else if (data.type === 'ask') {
    channel.postMessage({ type: 'answer', id: data.id, ...current });
  } else if (data.type === 'answer' && asking && data.id === asking.id) {
    if (data.token) adopt(data.token, data.gen);
    if (--asking.missing === 0) asking.done();
  } else if (data.type === 'signed-out') {
    current = null;
    listeners.signedOut.forEach(listener => listener('You signed out in another tab.'));
  }
};

/**
 * Asks the other tabs for their tokens and waits for every answer (or a second, should a tab hang). Messages from
 * one tab arrive in order, so a tab's answer comes after any token it broadcast before.
 */
async function askOtherTabs() {
  await registered;
  const { held } = await navigator.locks.query();
  const others = held.filter(lock => lock.name === TAB_LOCK).length - 1;
  if (others <= 0) return;
  await new Promise(resolve => {
    const timer = setTimeout(resolve, ANSWER_TIMEOUT_MS);
    asking = { id: crypto.randomUUID(), missing: others, done: () => { clearTimeout(timer); resolve(); } };
    channel.postMessage({ type: 'ask', id: asking.id });
  });
  asking = null;
}

/**
 * A token newer than generation {@code gen}: one another request or tab got meanwhile, or else one from
 * POST /api/refresh. Null when the session cannot be refreshed.
 */
function tokenNewerThan(gen) {
  return navigator.locks.request(REFRESH_LOCK, async () => {
    if (!newerThan(gen)) await askOtherTabs();
    if (newerThan(gen)) return current.token;
    const response = await fetch('/api/refresh', { method: 'POST' });
    if (!response.ok) {
      current = null;
      return null;
    }
    newToken((await response.json()).accessToken);
    return current.token;
  });
}

/** On page load: a token from another tab, or one refresh with the cookie. True when a session was found. */
export async function restore() {
  return (await tokenNewerThan(-1)) !== null;
}

/**
 * POST /api/login. Null on success, else the error answer ({ status, code, message, retryAfter, data }). For an
 * account with a second factor the right password is the answer SECOND_FACTOR_REQUIRED, whose data holds the ticket
 * that {@link completeLogIn} takes with a code.
 */
export function logIn(username, password) {
  return signIn('/api/login', { username, password });
}

/**
 * POST /api/login/second-factor: the ticket with { code } of the app, { recoveryCode } or { passkey } (an assertion);
 * answered as logIn is.
 */
export function completeLogIn(ticket, codeOrRecoveryCode) {
  return signIn('/api/login/second-factor', { ticket, ...codeOrRecoveryCode });
}

/** POST /api/login/passkey: an assertion of a passkey alone (PublicKeyCredential.toJSON()); answered as logIn is. */
export function logInWithPasskey(credential) {
  return signIn('/api/login/passkey', credential);
}

async function signIn(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) {
    newToken((await response.json()).accessToken);
    return null;
  }
  const answer = await response.json().catch(() => ({}));
  const retryAfter = response.headers.get('Retry-After');
  return { status: response.status, ...answer.error, data: answer.data, retryAfter };
}

/** POST /api/logout, then every tab forgets the token. */
export async function logOut() {
  try {
    await api('/api/logout', { method: 'POST' });
  } finally {
    current = null;
    channel.postMessage({ type: 'signed-out' });
  }
}

/**
 * A 401 on a protected path with one of these codes is about what the user typed (a wrong current password, a wrong
 * code of the authenticator app, a missing one, an app whose codes are used up), not a token problem: a refresh would
 * not cure it, and the retry would count a second wrong guess against the login throttle.
 */
const ABOUT_WHAT_THE_USER_TYPED = ['INVALID_CREDENTIALS', 'INVALID_SECOND_FACTOR', 'SECOND_FACTOR_REQUIRED',
  'TOTP_LOCKED'];
/** A 401 with this code asks for a recent proof of who the user is: the token is good, a refresh would not help. */
const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

async function errorCodeOf(response) {
  try {
    return (await response.clone().json())?.error?.code;
  } catch {
    return undefined;
  }
}

/**
 * Who asks the user to prove again who they are, in place, when a change to how they sign in needs it: a function
 * that resolves true once they did ({@link reauthenticate}), false when they would rather not.
 */
export function onReauthenticationRequired(asker) {
  reauthenticator = asker;
}

/**
 * POST /api/user/reauthentication: { password } with { code } or { recoveryCode } when the user's TOTP is on, or
 * { passkey } (an assertion). Null once proven, this tab and the others then holding the token that says so; else the
 * error answer ({ status, code, message, retryAfter }).
 */
export async function reauthenticate(proof) {
  const response = await api('/api/user/reauthentication', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(proof),
  });
  const answer = await response.json().catch(() => ({}));
  if (response.ok) {
    newToken(answer.data.accessToken);
    return null;
  }
  return { status: response.status, ...answer.error, retryAfter: response.headers.get('Retry-After') };
}

function send(path, init, token) {
  return fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
}

/**
 * A request to a protected path. On 401 it gets a newer token (at most one refresh, shared as above) and retries
 * once; on 401 REAUTHENTICATION_REQUIRED it has the user prove again who they are and retries once with the token
 * that says so. Throws SessionEnded when the session is over; other answers are returned as they are, a 401 about a
 * password or a code the user typed included, and the step-up's own when the user would not prove it.
 */
export async function api(path, init = {}) {
  const used = current;
  if (!used) throw new SessionEnded('Please sign in.');
  const response = await send(path, init, used.token);
  if (response.status !== 401) return response;
  const code = await errorCodeOf(response);
  if (ABOUT_WHAT_THE_USER_TYPED.includes(code)) return response;
  if (code === REAUTHENTICATION_REQUIRED) {
    return reauthenticator && await reauthenticator() ? send(path, init, current.token) : response;
  }
  const token = await tokenNewerThan(used.gen);
  const retried = token && await send(path, init, token);
  if (!retried || retried.status === 401) {
    current = null;
    throw new SessionEnded('Your session has ended. Please sign in again.');
  }
  return retried;
}
