// The email address of the profile: what it is and whether it is verified, changing it (a change to how the account
// is recovered: when the service asks who the user is again, auth.js has reauthenticate.js ask in place and retries),
// and the verification link mailed again. And the page a mailed verification link opens (#verify-email=<token>): the
// token is in the fragment, which the browser never sends; it is taken from the address bar at once, the bar cleared,
// and posted in a body, with no session: the mail may be read on another device.
import * as auth from './auth.js';

const $ = id => document.getElementById(id);
const FRAGMENT = '#verify-email=';
const EMAIL = '/api/user/email';

let page = null; // { dataOf, guard }
let token = null;

function message(text) {
  $('email-message').textContent = text ?? '';
  $('email-message').hidden = !text;
}

/** The change form in place of the address, or back. */
function changing(on) {
  $('email-view').hidden = on;
  $('email-change-form').hidden = !on;
  if (on) {
    $('email-new').value = $('email-address').dataset.address ?? '';
    $('email-new').focus();
  }
}

function render(email) {
  $('email-address').textContent = email.email ?? 'none';
  $('email-address').dataset.address = email.email ?? '';
  $('email-state').hidden = !email.email;
  $('email-state').textContent = email.emailVerified ? 'Verified' : 'Not verified';
  $('email-state').className = email.emailVerified ? 'badge on' : 'badge pending';
  $('email-send-again').hidden = !email.email || email.emailVerified;
  $('email-change').textContent = email.email ? 'Change' : 'Add';
}

/** GET /api/user/email, shown in the profile; a change under way is dropped. */
export async function load() {
  render(await page.dataOf(await auth.api(EMAIL)));
  changing(false);
}

/** On signing out: nothing of this user's stays for whoever signs in next. */
export function forget() {
  message(null);
  changing(false);
  $('email-address').textContent = '';
  $('email-address').dataset.address = '';
}

async function errorOf(response) {
  const body = await response.json().catch(() => null);
  return { status: response.status, ...(body?.error ?? {}), retryAfter: response.headers.get('Retry-After') };
}

/** @param helpers what the page shares: dataOf(response), guard(step) */
export function wire(helpers) {
  page = helpers;
  $('email-change').addEventListener('click', () => {
    message(null);
    changing(true);
  });
  $('email-change-cancel').addEventListener('click', () => changing(false));
  $('email-change-form').addEventListener('submit', event => {
    event.preventDefault();
    page.guard(async () => {
      $('email-change-submit').disabled = true;
      try {
        const response = await auth.api(EMAIL, {
          method: 'PUT', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: $('email-new').value.trim() }),
        });
        if (response.ok) {
          await load();
          message($('email-state').textContent === 'Verified' ? 'Your email address is saved.'
            : 'Your email address is saved. A link that verifies it is on its way to it.');
          return;
        }
        const failure = await errorOf(response);
        message(failure.code === 'REAUTHENTICATION_REQUIRED' ? 'The address was not changed.'
          : failure.code === 'EMAIL_TAKEN' ? 'That address belongs to another account.'
            : failure.message ?? 'The address could not be saved.');
      } finally {
        $('email-change-submit').disabled = false;
      }
    });
  });
  $('email-send-again').addEventListener('click', () => page.guard(async () => {
    $('email-send-again').disabled = true;
    try {
      const response = await auth.api(`${EMAIL}/verification-mail`, { method: 'POST' });
      if (response.ok) {
        message('A new link is on its way to your address. The one before no longer works.');
        return;
      }
      const failure = await errorOf(response);
      if (failure.code === 'EMAIL_ALREADY_VERIFIED') {
        await load();
        message('Your email address is verified already.');
      } else if (failure.status === 429) {
        message(`Too many links asked for. Try again in ${failure.retryAfter ?? 'a few'} seconds.`);
      } else {
        message(failure.message ?? 'The link could not be sent.');
      }
    } finally {
      $('email-send-again').disabled = false;
    }
  }));
}

/** Takes the token from the address bar, if the page was opened from a verification link; true when it was. */
export function takeToken() {
  if (!location.hash.startsWith(FRAGMENT)) return false;
  token = decodeURIComponent(location.hash.slice(FRAGMENT.length));
  history.replaceState(null, '', location.pathname + location.search);
  return token.length > 0;
}

/**
 * Posts the token taken from the link and says what came of it in the verification card, whose "Continue" goes on
 * to the page as it would have opened. @param page what the page shares: show(view)
 */
export async function verify(shared, next) {
  shared.show('verify');
  $('verify-message').textContent = 'Verifying your email address…';
  $('verify-continue').hidden = true;
  $('verify-continue').onclick = () => next();
  const response = await fetch('/api/email-verification', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }),
  });
  token = null;
  const failure = response.ok ? null : await errorOf(response);
  $('verify-message').textContent = !failure ? 'Your email address is verified.'
    : failure.code === 'VERIFICATION_TOKEN_INVALID'
      ? 'That link is no longer good: it was used, a newer one was sent, it expired, or the address changed. '
        + 'Sign in and ask for a new one.'
      : failure.message ?? 'The address could not be verified.';
  $('verify-continue').hidden = false;
  $('verify-continue').focus();
}
