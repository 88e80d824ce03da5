// "Confirm it's you": a change to how the user signs in (a passkey, two-step sign-in, recovery codes, the password)
// needs a recent proof of who they are. When the service asks for one (401 REAUTHENTICATION_REQUIRED), auth.js asks
// this dialog, which takes what a sign-in takes of this user (the password and, with two-step sign-in on, a code of
// the app or a recovery code; or a passkey) and resolves once they proved it, or when they would rather not. A user
// with a linked identity may sign in again through its provider instead, which leaves the page.
import * as auth from './auth.js';
import * as identities from './identities.js';
import * as passkeys from './passkeys.js';

const $ = id => document.getElementById(id);

let page = null; // { dataOf }
let open = null; // the promise of the dialog while it shows: requests that ask meanwhile wait for the same one
let settle = null;

function message(text) {
  $('reauth-message').textContent = text ?? '';
  $('reauth-message').hidden = !text;
}

/** Six digits are a code of the app; anything else is taken for a recovery code (ABCDE-FGH23). */
function codeOrRecoveryCode(typed) {
  const text = typed.replace(/\s/g, '');
  if (!text) return {};
  return /^\d{6}$/.test(text) ? { code: text } : { recoveryCode: text };
}

function close(proven) {
  $('reauth-password').value = '';
  $('reauth-code').value = '';
  message(null);
  $('reauth-dialog').close();
  open = null;
  settle(proven);
}

/** Shows the code field when two-step sign-in is on, and the passkey button when the user holds one. */
async function ask() {
  const factors = await page.dataOf(await auth.api('/api/user/second-factor'));
  const withCode = factors.totp === 'CONFIRMED';
  $('reauth-code-field').hidden = !withCode;
  $('reauth-code').required = withCode;
  $('reauth-what').textContent = withCode ? 'your password and a code of your authenticator app' : 'your password';
  $('reauth-passkey').hidden = !(passkeys.supported && factors.passkeys > 0);
  const again = await identities.signInAgainButtons();
  $('reauth-providers').replaceChildren(...again);
  $('reauth-providers').hidden = again.length === 0;
  message(null);
  $('reauth-dialog').showModal();
  $('reauth-password').focus();
  return new Promise(resolve => { settle = resolve; });
}

/** What a proof answered: proven, or why not, the dialog staying open for another try. */
function answered(failure) {
  if (!failure) {
    close(true);
  } else if (failure.status === 429) {
    message(`Too many failed attempts. Try again in ${failure.retryAfter ?? 'a few'} seconds.`);
  } else if (failure.code === 'SECOND_FACTOR_REQUIRED') {
    $('reauth-code-field').hidden = false;
    $('reauth-code').required = true;
    message('Enter a code of your authenticator app too, or a recovery code.');
    $('reauth-code').focus();
  } else if (failure.code === 'TOTP_LOCKED') {
    message('Your authenticator app\'s codes are locked after too many wrong ones: use a recovery code or a passkey.');
  } else if (failure.code === 'INVALID_CREDENTIALS') {
    message('That is not right. A code works once: wait for the next one.');
    $('reauth-password').select();
  } else {
    message(failure.message ?? `The service answered ${failure.status}.`);
  }
}

async function submit() {
  answered(await auth.reauthenticate({ password: $('reauth-password').value,
    ...codeOrRecoveryCode($('reauth-code').value) }));
}

async function withPasskey() {
  const { credential, refused } = await passkeys.assertion(null);
  answered(refused ?? await auth.reauthenticate({ passkey: credential }));
}

/** Runs a step with the dialog's buttons disabled; the browser's passkey dialog closed is no error. */
async function busy(step) {
  const buttons = [$('reauth-submit'), $('reauth-passkey')];
  buttons.forEach(button => { button.disabled = true; });
  try {
    await step();
  } catch (error) {
    message(passkeys.cancelled(error) ? 'No passkey was used.' : 'The service cannot be reached. Please try again.');
    if (!passkeys.cancelled(error)) console.error(error);
  } finally {
    buttons.forEach(button => { button.disabled = false; });
  }
}

export function wire(helpers) {
  page = helpers;
  auth.onReauthenticationRequired(() => {
    open ??= ask().catch(error => {
      open = null;
      throw error;
    });
    return open;
  });
  $('reauth-form').addEventListener('submit', event => {
    event.preventDefault();
    busy(submit);
  });
  $('reauth-passkey').addEventListener('click', () => busy(withPasskey));
  $('reauth-cancel').addEventListener('click', () => close(false));
  // Escape closes a modal dialog by itself: that is a "no" too.
  $('reauth-dialog').addEventListener('cancel', event => {
    event.preventDefault();
    close(false);
  });
}

/** On signing out: nothing typed stays, and a request still waiting gets its "no". */
export function forget() {
  if (open) close(false);
}
