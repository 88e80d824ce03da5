// Other identity providers (OpenID Connect): the "Sign in with <provider>" links of the sign-in card, the "Linked
// identities" panel (link one, unlink one), and what the service's callback says in the fragment of the page it sends
// the browser back to: #sign-in-error=<code>, #identity-linked, or #second-factor=<ticket>&methods=<…> for an account
// with a second factor, which the sign-in card's second step completes as after a password. A sign-in itself needs
// nothing here: the callback sets the refresh cookie, and auth.js takes the access token from /api/refresh as after
// any reload.
import * as auth from './auth.js';

const $ = id => document.getElementById(id);
const PROVIDERS = '/api/identity-providers';
const IDENTITIES = '/api/user/identities';
const ERROR = '#sign-in-error=';
const LINKED = '#identity-linked';
const SECOND_FACTOR = '#second-factor=';

const MESSAGES = {
  EXTERNAL_STATE_INVALID: 'That sign-in expired, was used already, or was started in another browser. Try again.',
  EXTERNAL_SIGN_IN_REFUSED: 'The identity provider did not sign you in, or its answer could not be trusted.',
  IDENTITY_NOT_LINKED: 'No account is linked to that identity. Sign in with your password, then link it from your '
    + 'profile.',
  IDENTITY_LINKED_ELSEWHERE: 'That identity is linked to another account.',
  EXTERNAL_SIGN_IN_ACCOUNT_UNAVAILABLE: 'This account cannot sign in now.',
  IDENTITY_PROVIDER_UNAVAILABLE: 'The identity provider did not answer. Try again later, or sign in with your '
    + 'password.',
};

let page = null; // { dataOf, guard, formatDate, element }
let providers = null;

/**
 * What the callback said, taken from the address bar (then cleared, the ticket with it): { error } with a sentence,
 * { linked }, or { secondFactor: { ticket, methods } }.
 */
export function takeOutcome() {
  const hash = location.hash;
  if (!hash.startsWith(ERROR) && hash !== LINKED && !hash.startsWith(SECOND_FACTOR)) return {};
  history.replaceState(null, '', location.pathname + location.search);
  if (hash === LINKED) return { linked: true };
  if (hash.startsWith(SECOND_FACTOR)) {
    const fields = new URLSearchParams(hash.slice(1));
    return { secondFactor: { ticket: fields.get('second-factor'), methods: (fields.get('methods') ?? '').split(',') } };
  }
  const code = decodeURIComponent(hash.slice(ERROR.length));
  return { error: MESSAGES[code] ?? 'Signing in with the identity provider failed.' };
}

/** The configured providers, read once per page; none where the service has none (or answers otherwise). */
async function loadProviders() {
  if (providers) return;
  const response = await fetch(PROVIDERS);
  providers = response.ok ? (await response.json()).data : [];
}

/** A "Sign in with <provider>" link per provider: a navigation, which the service redirects to the provider. */
export async function showSignIn() {
  await loadProviders();
  $('external-sign-in').replaceChildren(...providers.map(provider => {
    const link = page.element('a', 'button secondary external-sign-in', `Sign in with ${provider.displayName}`);
    link.href = `${PROVIDERS}/${encodeURIComponent(provider.name)}/authorization`;
    link.dataset.provider = provider.name;
    return link;
  }));
  $('external-sign-in').hidden = providers.length === 0;
}

/**
 * For "Confirm it's you": a "Sign in again with <provider>" button per provider the user linked an identity of,
 * which signs this session out and signs in anew there: a new sign-in is a recent one. An account made through a
 * provider has no password, so this is its way to confirm (a passkey aside).
 */
export async function signInAgainButtons() {
  await loadProviders();
  if (providers.length === 0) return [];
  // The dialog opens with the other proofs whatever happens here: the links are an extra, not a condition.
  const links = await auth.api(IDENTITIES).then(page.dataOf).catch(() => []);
  const linked = providers.filter(provider => links.some(link => link.provider === provider.name));
  return linked.map(provider => {
    const button = page.element('button', 'secondary sign-in-again', `Sign in again with ${provider.displayName}`);
    button.type = 'button';
    button.dataset.provider = provider.name;
    button.addEventListener('click', () => page.guard(async () => {
      button.disabled = true;
      await auth.logOut().catch(() => {});
      location.assign(`${PROVIDERS}/${encodeURIComponent(provider.name)}/authorization`);
    }));
    return button;
  });
}

function message(text) {
  $('identities-message').textContent = text ?? '';
  $('identities-message').hidden = !text;
}

/** On signing out: nothing of this user's stays in the panel. */
export function forget() {
  $('identities').replaceChildren();
  message(null);
}

/** GET /api/user/identities into the panel, with a "Link" button per provider; hidden where none is configured. */
export async function load(linked) {
  await loadProviders();
  $('identities-card').hidden = providers.length === 0;
  if (providers.length === 0) return;
  const links = await page.dataOf(await auth.api(IDENTITIES));
  $('identities').replaceChildren(...links.map(link => {
    const item = page.element('li', 'identity');
    item.dataset.identityId = link.id;
    const name = providers.find(provider => provider.name === link.provider)?.displayName ?? link.provider;
    const text = page.element('div', 'session-text');
    text.append(page.element('div', 'device', name), page.element('div', 'muted small',
      `${link.issuer} · linked ${page.formatDate(link.linkedAt)}`));
    const unlink = page.element('button', 'secondary unlink-identity', 'Unlink');
    unlink.type = 'button';
    unlink.setAttribute('aria-label', `Unlink ${name}`);
    unlink.addEventListener('click', () => page.guard(async () => {
      unlink.disabled = true;
      const answer = await auth.api(`${IDENTITIES}/${encodeURIComponent(link.id)}`, { method: 'DELETE' });
      if (!answer.ok && answer.status !== 404) await page.dataOf(answer);
      await load();
      message(`${name} no longer signs you in.`);
    }));
    item.append(text, unlink);
    return item;
  }));
  if (links.length === 0) $('identities').append(page.element('li', 'muted small', 'No linked identities.'));
  $('identity-link-buttons').replaceChildren(...providers.map(provider => {
    const button = page.element('button', 'secondary link-identity', `Link ${provider.displayName}`);
    button.type = 'button';
    button.dataset.provider = provider.name;
    button.addEventListener('click', () => page.guard(async () => {
      button.disabled = true;
      try {
        const started = await page.dataOf(await auth.api(IDENTITIES, {
          method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ provider: provider.name }),
        }));
        location.assign(started.authorizationUrl);
      } finally {
        button.disabled = false;
      }
    }));
    return button;
  }));
  message(linked ? 'Identity linked: it signs you in from now on.' : null);
}

/** Reads the providers while the page starts, so that no later step waits for them. */
export function wire(helpers) {
  page = helpers;
  return loadProviders().catch(() => {
    providers = null;
  });
}
