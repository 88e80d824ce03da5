// Sign-up, where the service offers it (GET /api/sign-up answers 204; elsewhere 404 and nothing shows): "Create an
// account" under the sign-in form asks for a username, an address and a password. The answer is the same whether or
// not the name or the address is taken, and so is what the page says. A sign-in refused with EMAIL_NOT_VERIFIED
// offers to send the verification link again.

import { post, whileDisabled } from './anonymous.js';

const $ = id => document.getElementById(id);

let page = null; // { loginMessage, guard }
let offered = null; // the promise of whether sign-up is on, asked once
let identifier = null; // whom "Send the link again" names: the username of the sign-in refused

/** The sign-up form in place of the sign-in form, or back. */
function signingUp(on) {
  $('login-form').hidden = on;
  $('forgot-password').hidden = on;
  $('sign-up-open').hidden = on;
  $('sign-up-form').hidden = !on;
  if (on) $('sign-up-username').focus();
}

/** Shows "Create an account" when the service offers sign-up; asks it once. */
export function offer() {
  offered ??= fetch('/api/sign-up').then(response => response.status === 204).catch(() => false);
  offered.then(on => {
    $('sign-up-open').hidden = !on || !$('sign-up-form').hidden || $('login-form').hidden;
  });
}

/** After a sign-in refused with EMAIL_NOT_VERIFIED: the button that mails the link again, for this username. */
export function offerMailAgain(username) {
  identifier = username;
  $('sign-up-mail-again').hidden = false;
}

/** Back to the sign-in form as it first shows. */
export function forget() {
  identifier = null;
  $('sign-up-mail-again').hidden = true;
  $('sign-up-form').hidden = true;
  $('sign-up-password').value = '';
}

/** @param helpers what the page shares: loginMessage(message), guard(step) */
export function wire(helpers) {
  page = helpers;
  $('sign-up-open').addEventListener('click', () => {
    page.loginMessage(null);
    signingUp(true);
  });
  $('sign-up-back').addEventListener('click', () => {
    page.loginMessage(null);
    signingUp(false);
  });
  $('sign-up-form').addEventListener('submit', event => {
    event.preventDefault();
    page.guard(() => whileDisabled('sign-up-submit', async () => {
      const email = $('sign-up-email').value.trim();
      const failure = await post('/api/sign-up', { username: $('sign-up-username').value.trim(), email,
        password: $('sign-up-password').value });
      if (failure) {
        page.loginMessage(failure.status === 429
          ? `Too many sign-ups. Try again in ${failure.retryAfter ?? 'a few'} seconds.`
          : failure.message ?? 'The sign-up failed.');
        return;
      }
      $('sign-up-password').value = '';
      signingUp(false);
      page.loginMessage(`A mail is on its way to ${email}. Follow its link to finish, then sign in here.`);
    }));
  });
  $('sign-up-mail-again').addEventListener('click', () => page.guard(() => whileDisabled('sign-up-mail-again',
    async () => {
      const failure = await post('/api/sign-up/verification-mail', { identifier });
      page.loginMessage(!failure
        ? 'If that account is waiting for its address to be verified, a new link is on its way.'
        : failure.status === 429 ? `Too many requests. Try again in ${failure.retryAfter ?? 'a few'} seconds.`
          : failure.message ?? 'The link could not be sent.');
    })));
}
