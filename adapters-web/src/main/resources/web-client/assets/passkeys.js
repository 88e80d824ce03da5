// Passkeys: the browser's WebAuthn ceremonies in the JSON forms of WebAuthn Level 3, and the "Passkeys" panel (the
// caller's passkeys, adding one, deleting one). Signing in with a passkey is app.js's, which asks assertion() for
// one. Tokens are auth.js's business; the page's helpers are app.js's, handed over by wire().
import * as auth from './auth.js';

const $ = id => document.getElementById(id);
const PASSKEYS = '/api/user/passkeys';

let page = null; // { dataOf, guard, formatDate, element }

/** Whether this browser has passkeys with the JSON forms the service speaks (Chrome 129+, Firefox 119+, Safari 18.4+). */
export const supported = typeof PublicKeyCredential !== 'undefined'
  && typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function'
  && typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function';

/** The user closed the browser's dialog or it timed out: nothing to report but that. */
export const cancelled = error => error?.name === 'NotAllowedError' || error?.name === 'AbortError';

/**
 * An assertion of one of the user's passkeys, as POST /api/login/passkey or, with the ticket, the second factor of a
 * pending login takes it: { credential }, or { refused } with the status, error code and Retry-After when the service
 * offers no challenge (passkeys are off, the ticket is dead, too many sign-ins are under way from this network).
 */
export async function assertion(ticket) {
  const response = await fetch('/api/login/passkey/options', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ticket ? { ticket } : {}),
  });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    return { refused: { status: response.status, ...answer.error, retryAfter: response.headers.get('Retry-After') } };
  }
  const { publicKey } = (await response.json()).data;
  const credential = await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(publicKey),
  });
  return { credential: credential.toJSON() };
}

function message(text) {
  $('passkeys-message').textContent = text ?? '';
  $('passkeys-message').hidden = !text;
}

/** On signing out: nothing of this user's stays in the panel. */
export function forget() {
  $('passkeys').replaceChildren();
  $('passkey-name').value = '';
  message(null);
}

/** GET /api/user/passkeys into the panel; the panel hides where passkeys are off (404) or the browser has none. */
export async function load() {
  const response = await auth.api(PASSKEYS);
  $('passkeys-card').hidden = !supported || response.status === 404;
  if (response.status === 404) return;
  const passkeys = await page.dataOf(response);
  $('passkeys').replaceChildren(...passkeys.map(passkey => {
    const item = page.element('li', 'passkey');
    item.dataset.passkeyId = passkey.id;
    const text = page.element('div', 'session-text');
    text.append(page.element('div', 'device', passkey.name), page.element('div', 'muted small',
      `added ${page.formatDate(passkey.createdAt)} · `
      + (passkey.lastUsedAt ? `last used ${page.formatDate(passkey.lastUsedAt)}` : 'not used yet')));
    const remove = page.element('button', 'secondary delete-passkey', 'Delete');
    remove.type = 'button';
    remove.setAttribute('aria-label', `Delete ${passkey.name}`);
    remove.addEventListener('click', () => page.guard(async () => {
      remove.disabled = true;
      const answer = await auth.api(`${PASSKEYS}/${encodeURIComponent(passkey.id)}`, { method: 'DELETE' });
      // 404: deleted already, elsewhere; either way the list is read again.
      if (!answer.ok && answer.status !== 404) await page.dataOf(answer);
      await load();
    }));
    item.append(text, remove);
    return item;
  }));
  if (passkeys.length === 0) {
    $('passkeys').append(page.element('li', 'muted small', 'No passkeys yet.'));
  }
}

/** The registration ceremony: options, the authenticator, then the credential with the name typed, if any. */
async function add() {
  message(null);
  const { publicKey } = await page.dataOf(await auth.api(`${PASSKEYS}/registration-options`, { method: 'POST' }));
  let credential;
  try {
    credential = await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(publicKey),
    });
  } catch (error) {
    if (!cancelled(error) && error?.name !== 'InvalidStateError') throw error;
    // InvalidStateError: this authenticator holds one of the user's passkeys already (excludeCredentials).
    message(cancelled(error) ? 'No passkey was made.' : 'This device has one of your passkeys already.');
    return;
  }
  const name = $('passkey-name').value.trim();
  const response = await auth.api(PASSKEYS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...credential.toJSON(), ...(name ? { name } : {}) }),
  });
  await page.dataOf(response);
  $('passkey-name').value = '';
  await load();
  message('Passkey added: you can sign in with it, without your password.');
}

export function wire(helpers) {
  page = helpers;
  $('passkey-add-form').addEventListener('submit', event => {
    event.preventDefault();
    page.guard(async () => {
      $('passkey-add').disabled = true;
      try {
        await add();
      } finally {
        $('passkey-add').disabled = false;
      }
    });
  });
}
