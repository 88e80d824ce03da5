// The "Two-step sign-in" panel: whether a TOTP is on, turning it on (a QR code, a code that confirms it, the ten
// recovery codes shown once), new recovery codes, and turning it off. Each is a change to how the user signs in: when
// the service asks who the user is again, auth.js has reauthenticate.js ask in place and retries. Tokens are auth.js's
// business; the page's helpers (reading an answer, running a step, dates) are app.js's, handed over by wire().
import * as auth from './auth.js';

const $ = id => document.getElementById(id);
const TOTP = '/api/user/second-factor/totp';
const FEW_RECOVERY_CODES = 3;

let page = null; // { dataOf, guard, formatDate }
let recoveryText = ''; // the recovery codes as the .txt file holds them, while they are shown

const jsonRequest = (method, body) =>
  ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The error of an answer that is not ok: { code, message }, empty when the body says nothing. */
async function errorOf(response) {
  const body = await response.json().catch(() => null);
  return body?.error ?? {};
}

function message(text) {
  $('two-step-message').textContent = text ?? '';
  $('two-step-message').hidden = !text;
}

/** Shows one step of the panel: 'status', 'enrol', 'recovery-codes' or 'remove'. */
function step(name) {
  $('two-step-status-view').hidden = name !== 'status';
  $('totp-enrol-form').hidden = name !== 'enrol';
  $('recovery-codes-view').hidden = name !== 'recovery-codes';
  $('totp-remove-form').hidden = name !== 'remove';
}

/** Nothing secret stays in the page once its step is over: the key, its QR code, the recovery codes. */
function forgetSecrets() {
  $('totp-qr').removeAttribute('src');
  $('totp-secret').textContent = '';
  $('totp-confirm-code').value = '';
  $('recovery-codes').replaceChildren();
  $('recovery-codes-download').setAttribute('href', '#');
  $('recovery-codes-copied').textContent = '';
  recoveryText = '';
}

/** On signing out: the panel keeps nothing of this user's for whoever signs in next. */
export function forget() {
  forgetSecrets();
  message(null);
  step('status');
}

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/** GET /api/user/second-factor, shown as the panel's first step; any step under way is dropped. */
export async function load() {
  const factors = await page.dataOf(await auth.api('/api/user/second-factor'));
  forgetSecrets();
  message(null);
  const on = factors.totp === 'CONFIRMED';
  $('two-step-state').textContent = on ? 'On' : 'Off';
  $('two-step-state').className = on ? 'badge on' : 'badge off';
  let details = on
    ? `Signing in asks for a code of your authenticator app since ${page.formatDate(factors.totpConfirmedAt)}. `
      + `${plural(factors.recoveryCodesLeft, 'recovery code', 'recovery codes')} left.`
    : 'Your password alone signs you in. Turn this on to be asked for a code of an authenticator app too.';
  if (on && factors.recoveryCodesLeft <= FEW_RECOVERY_CODES) {
    details += ' Make ten new ones below.';
  }
  $('two-step-details').textContent = details;
  $('two-step-passkeys').textContent = `You have ${plural(factors.passkeys, 'passkey', 'passkeys')}.`;
  $('two-step-passkeys').hidden = factors.passkeys === 0;
  $('totp-turn-on').hidden = on;
  $('totp-turn-off').hidden = !on;
  $('recovery-codes-renew').hidden = !on;
  step('status');
}

/** POST /api/user/second-factor/totp: a new key, pending until a code of the app confirms it. */
async function turnOn() {
  const response = await auth.api(TOTP, { method: 'POST' });
  if (response.status === 409) {
    await load();
    message('Two-step sign-in is on already.');
    return;
  }
  const enrolment = await page.dataOf(response);
  message(null);
  $('totp-qr').src = enrolment.qrCode;
  // In groups of four, as apps show keys; they take it with or without the spaces.
  $('totp-secret').textContent = enrolment.secret.match(/.{1,4}/g).join(' ');
  $('totp-confirm-code').value = '';
  step('enrol');
  $('totp-confirm-code').focus();
}

async function confirm() {
  const response = await auth.api(`${TOTP}/confirm`,
    jsonRequest('POST', { code: $('totp-confirm-code').value.replace(/\s/g, '') }));
  if (response.ok) {
    showRecoveryCodes((await page.dataOf(response)).recoveryCodes);
    return;
  }
  const error = await errorOf(response);
  if (error.code === 'SECOND_FACTOR_NOT_FOUND') {
    await load();
    message('That set-up is over: it was turned on or started again elsewhere. Please look again.');
  } else if (error.code === 'INVALID_SECOND_FACTOR') {
    message('That code is not right. Enter the one the app shows now.');
    $('totp-confirm-code').select();
  } else {
    message(error.message ?? `The service answered ${response.status}.`);
  }
}

function recoveryCodesText(codes) {
  const who = $('profile-username').textContent;
  return [`auth-service recovery codes${who ? ` of ${who}` : ''}`,
    'Each signs you in once in place of a code of your authenticator app.', '', ...codes, ''].join('\n');
}

function showRecoveryCodes(codes) {
  forgetSecrets();
  message(null);
  $('recovery-codes').replaceChildren(...codes.map(code => {
    const item = document.createElement('li');
    item.append(Object.assign(document.createElement('code'), { textContent: code }));
    return item;
  }));
  recoveryText = recoveryCodesText(codes);
  // A data: URL rather than a blob: one, which would need revoking: the file is small, and the link goes with the step.
  $('recovery-codes-download').href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryText)}`;
  step('recovery-codes');
  $('recovery-codes-done').focus();
}

/** The clipboard needs a secure context and the page in focus; without them the codes can still be downloaded. */
function copyRecoveryCodes() {
  const copied = $('recovery-codes-copied');
  navigator.clipboard.writeText(recoveryText).then(
    () => { copied.textContent = 'Copied.'; },
    () => { copied.textContent = 'Copying failed: select the codes and copy them, or download them.'; });
}

/** DELETE /api/user/second-factor/totp; 404: it was off already, elsewhere. Either way the panel is read again. */
async function turnOff() {
  const response = await auth.api(TOTP, { method: 'DELETE' });
  if (response.status === 204 || response.status === 404) {
    await load();
    return;
  }
  message((await errorOf(response)).message ?? `The service answered ${response.status}.`);
}

/** POST /api/user/second-factor/totp/recovery-codes: ten new ones, shown once; the old ones stop working. */
async function renewRecoveryCodes() {
  const response = await auth.api(`${TOTP}/recovery-codes`, { method: 'POST' });
  if (response.status === 404) {
    await load();
    message('Two-step sign-in is off: recovery codes come with it.');
    return;
  }
  showRecoveryCodes((await page.dataOf(response)).recoveryCodes);
}

/** Runs a step with its button disabled meanwhile, so a double click sends nothing twice. */
function busy(button, action) {
  return page.guard(async () => {
    button.disabled = true;
    try {
      await action();
    } finally {
      button.disabled = false;
    }
  });
}

export function wire(helpers) {
  page = helpers;
  $('totp-turn-on').addEventListener('click', () => busy($('totp-turn-on'), turnOn));
  $('totp-enrol-form').addEventListener('submit', event => {
    event.preventDefault();
    busy($('totp-confirm-submit'), confirm);
  });
  $('totp-enrol-cancel').addEventListener('click', () => page.guard(load));
  $('recovery-codes-copy').addEventListener('click', copyRecoveryCodes);
  $('recovery-codes-done').addEventListener('click', () => page.guard(load));
  $('recovery-codes-renew').addEventListener('click', () => busy($('recovery-codes-renew'), renewRecoveryCodes));
  $('totp-turn-off').addEventListener('click', () => {
    message(null);
    step('remove');
    $('totp-remove-submit').focus();
  });
  $('totp-remove-form').addEventListener('submit', event => {
    event.preventDefault();
    busy($('totp-remove-submit'), turnOff);
  });
  $('totp-remove-cancel').addEventListener('click', () => {
    message(null);
    step('status');
  });
}
