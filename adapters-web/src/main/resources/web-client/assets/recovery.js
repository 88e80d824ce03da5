// A forgotten password: the "Forgot your password?" form of the sign-in card asks for a link by username or address,
// and a page opened from the mailed link (#reset-password=<token>) sets a new password. The token is in the fragment,
// which the browser never sends; it is taken from the address bar at once, the bar cleared, and posted in a body.

import { post, whileDisabled } from './anonymous.js';

const $ = id => document.getElementById(id);
const FRAGMENT = '#reset-password=';

let token = null;

/** Takes the token from the address bar, if the page was opened from a reset link; true when it was. */
export function takeToken() {
  if (!location.hash.startsWith(FRAGMENT)) return false;
  token = decodeURIComponent(location.hash.slice(FRAGMENT.length));
  history.replaceState(null, '', location.pathname + location.search);
  return token.length > 0;
}

function message(id, text) {
  $(id).textContent = text ?? '';
  $(id).hidden = !text;
}

/** The request form in place of the sign-in form, or back. */
function asking(on) {
  $('login-form').hidden = on;
  $('forgot-password').hidden = on;
  $('reset-request-form').hidden = !on;
  if (on) $('reset-identifier').focus();
}

/** What a request's failure tells the user; null for none (202). */
function requestFailure(failure) {
  if (failure.status === 429) {
    return `Too many reset requests. Try again in ${failure.retryAfter ?? 'a few'} seconds.`;
  }
  if (failure.status === 404) return 'Passwords cannot be reset here. Ask an administrator.';
  return failure.message ?? 'The request failed.';
}

/** @param page what the page shares: show(view), showLogin(message), loginMessage(message), guard(step) */
export function wire(page) {
  $('forgot-password').addEventListener('click', () => {
    page.loginMessage(null);
    asking(true);
  });
  $('reset-request-back').addEventListener('click', () => {
    page.loginMessage(null);
    asking(false);
  });
  $('reset-request-form').addEventListener('submit', event => {
    event.preventDefault();
    page.guard(() => whileDisabled('reset-request-submit', async () => {
      const typed = $('reset-identifier').value.trim();
      const failure = await post('/api/password-reset/requests',
        typed.includes('@') ? { email: typed } : { username: typed });
      if (failure) {
        page.loginMessage(requestFailure(failure));
        return;
      }
      asking(false);
      page.loginMessage('If that account has a verified email address, a link to reset its password is on its '
        + 'way. It works once, for a short while.');
    }));
  });
  $('reset-form').addEventListener('submit', event => {
    event.preventDefault();
    page.guard(async () => {
      if ($('new-password').value !== $('new-password-again').value) {
        message('reset-message', 'The two passwords differ.');
        return;
      }
      await whileDisabled('reset-submit', async () => {
        const failure = await post('/api/password-reset', { token, newPassword: $('new-password').value });
        if (!failure) {
          token = null;
          page.showLogin('Your password is set, and every session of your account has ended. Sign in with it.');
        } else if (failure.code === 'RESET_TOKEN_INVALID') {
          token = null;
          page.showLogin('That reset link is no longer valid. Ask for a new one.');
        } else {
          message('reset-message', failure.message ?? 'The password could not be set.');
        }
      });
    });
  });
}

/** The form that sets a new password with the token taken from the link. */
export function showReset(page) {
  message('reset-message', null);
  $('new-password').value = '';
  $('new-password-again').value = '';
  page.show('reset');
  $('new-password').focus();
}

/** Back to the sign-in form as it first shows. */
export function forget() {
  asking(false);
}
