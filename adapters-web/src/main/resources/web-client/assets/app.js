// The page: sign in, then the profile, the orders and the sessions of the caller; the two-step sign-in panel is
// two-step.js's, the passkeys panel and the browser's WebAuthn ceremonies passkeys.js's, the "Confirm it's you" dialog
// reauthenticate.js's, a forgotten password recovery.js's, the email address and its verification email.js's,
// sign-up sign-up.js's, other identity providers identities.js's. Tokens are auth.js's business.
import * as auth from './auth.js';
import * as email from './email.js';
import * as identities from './identities.js';
import * as passkeys from './passkeys.js';
import * as reauthenticate from './reauthenticate.js';
import * as recovery from './recovery.js';
import * as signUp from './sign-up.js';
import * as twoStep from './two-step.js';

const $ = id => document.getElementById(id);
const PAGE_SIZE = 10;
const FIRST_DIRECTION = { createdAt: 'desc', totalAmount: 'desc', status: 'asc' };
const orders = { page: 0, sort: 'createdAt', direction: 'desc', status: '', shown: 0 };

class ApiError extends Error {}

/** The data of an envelope answer, or an ApiError with the service's message. */
async function dataOf(response) {
  const body = await response.json().catch(() => null);
  if (!response.ok || !body || !body.success) {
    throw new ApiError(body?.error?.message ?? `The service answered ${response.status}.`);
  }
  return body.data;
}

function show(view) {
  $('starting').hidden = view !== 'starting';
  $('login-view').hidden = view !== 'login';
  $('reset-view').hidden = view !== 'reset';
  $('verify-view').hidden = view !== 'verify';
  $('app-view').hidden = view !== 'app';
  $('logout').hidden = view !== 'app';
  $('reload').hidden = view !== 'app';
  $('signed-in-as').hidden = view !== 'app';
}

function notice(text) {
  $('notice').textContent = text ?? '';
  $('notice').hidden = !text;
}

/** The ticket of a right password awaiting its second factor, and its methods; null while the password form shows. */
let ticket = null;
let ticketMethods = [];

function loginMessage(message) {
  $('login-message').textContent = message ?? '';
  $('login-message').hidden = !message;
}

function showLogin(message) {
  notice(null);
  ticket = null;
  twoStep.forget();
  passkeys.forget();
  reauthenticate.forget();
  recovery.forget();
  email.forget();
  signUp.forget();
  identities.forget();
  loginMessage(message);
  $('password').value = '';
  $('second-factor-form').hidden = true;
  $('login-form').hidden = false;
  $('passkey-sign-in').hidden = !passkeys.supported;
  show('login');
  signUp.offer();
  guard(() => identities.showSignIn());
  $('username').focus();
}

function showSecondFactor(pendingTicket, methods, message) {
  ticket = pendingTicket;
  ticketMethods = methods;
  loginMessage(message);
  $('second-factor-code').value = '';
  $('login-form').hidden = true;
  $('passkey-sign-in').hidden = true;
  $('second-factor-form').hidden = false;
  $('second-factor-passkey').hidden = !(passkeys.supported && methods.includes('passkey'));
  $('second-factor-code').focus();
}

/** Six digits are a code of the app; anything else is taken for a recovery code (ABCDE-FGH23). */
function codeOrRecoveryCode(typed) {
  const text = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(text) ? { code: text } : { recoveryCode: text };
}

/** Runs a step of the page; a session that ended shows the login form, anything else a notice. */
async function guard(step) {
  try {
    await step();
  } catch (error) {
    if (error instanceof auth.SessionEnded) {
      showLogin(error.message);
    } else if (error instanceof ApiError) {
      notice(error.message);
    } else {
      notice('The service cannot be reached. Please try again.');
      console.error(error);
    }
  }
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = iso => dateFormat.format(new Date(iso));
const formatMoney = (amount, currency) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(amount));

async function loadProfile() {
  const profile = await dataOf(await auth.api('/api/user/profile'));
  $('profile-username').textContent = profile.username;
  $('profile-nickname').textContent = profile.nickname;
  $('profile-department').textContent = profile.department;
  $('profile-roles').textContent = profile.roles.join(', ');
  $('signed-in-as').textContent = `${profile.nickname} (${profile.username})`;
}

async function loadOrders() {
  const request = ++orders.shown;
  const query = new URLSearchParams({ page: orders.page, size: PAGE_SIZE, sort: `${orders.sort},${orders.direction}` });
  if (orders.status) query.set('status', orders.status);
  const table = $('orders');
  table.setAttribute('aria-busy', 'true');
  try {
    const page = await dataOf(await auth.api(`/api/user/orders?${query}`));
    // A later click may have asked for another page meanwhile: only the latest answer is shown.
    if (request === orders.shown) renderOrders(table, page);
  } finally {
    if (request === orders.shown) table.setAttribute('aria-busy', 'false');
  }
}

function renderOrders(table, page) {
  const rows = page.content.map(order => {
    const row = element('tr');
    const id = element('td', 'id', order.id.slice(0, 8));
    id.title = order.id;
    const status = element('td');
    status.append(element('span', `badge ${order.status.toLowerCase()}`, order.status));
    row.append(id, element('td', null, formatDate(order.createdAt)), status,
      element('td', 'number', formatMoney(order.totalAmount, order.currency)));
    return row;
  });
  if (rows.length === 0) {
    const empty = element('td', 'empty', 'No orders.');
    empty.colSpan = 4;
    rows.push(element('tr'));
    rows[0].append(empty);
  }
  table.tBodies[0].replaceChildren(...rows);
  for (const header of table.querySelectorAll('th[data-sort]')) {
    const sorted = header.dataset.sort === orders.sort;
    header.setAttribute('aria-sort', sorted ? (orders.direction === 'asc' ? 'ascending' : 'descending') : 'none');
  }
  $('page-info').textContent = page.totalPages === 0
    ? 'No orders'
    : `Page ${page.page + 1} of ${page.totalPages} · ${page.totalElements} orders`;
  $('prev-page').disabled = page.page === 0;
  $('next-page').disabled = page.page + 1 >= page.totalPages;
}

const BROWSERS = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']];
const SYSTEMS = [['Android', 'Android'], ['iPhone', 'iOS'], ['iPad', 'iPadOS'], ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'], ['Linux', 'Linux']];

/** "Chrome on Linux" for a browser's User-Agent; anything else (curl, an app) as it came. */
function describeDevice(userAgent) {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([token]) => userAgent.includes(token));
  const system = SYSTEMS.find(([token]) => userAgent.includes(token));
  return browser && system ? `${browser[1]} on ${system[1]}` : userAgent;
}

async function loadSessions() {
  const page = await dataOf(await auth.api('/api/user/sessions?size=50'));
  $('sessions').replaceChildren(...page.content.map(session => {
    const item = element('li', session.current ? 'session current' : 'session');
    item.dataset.sessionId = session.sessionId;
    const device = element('div', 'device', describeDevice(session.userAgent));
    device.title = session.userAgent ?? '';
    const details = element('div', 'muted small',
      `${session.ipAddress ?? 'unknown address'} · signed in ${formatDate(session.createdAt)}`
      + ` · last used ${formatDate(session.lastUsedAt)}`);
    const text = element('div', 'session-text');
    text.append(device, details);
    item.append(text);
    if (session.current) {
      item.append(element('span', 'badge current', 'This device'));
    } else {
      const end = element('button', 'secondary sign-out-session', 'Sign out this device');
      end.type = 'button';
      end.addEventListener('click', () => guard(async () => {
        end.disabled = true;
        const response = await auth.api(`/api/user/sessions/${encodeURIComponent(session.sessionId)}`,
          { method: 'DELETE' });
        // 404: it had ended already; either way the list is read again.
        if (!response.ok && response.status !== 404) await dataOf(response);
        await loadSessions();
      }));
      item.append(end);
    }
    return item;
  }));
}

function enterApp(linked) {
  notice(null);
  show('app');
  return guard(() => Promise.all([loadProfile(), loadOrders(), loadSessions(), twoStep.load(), passkeys.load(),
    email.load(), identities.load(linked)]));
}

const throttled = failure => `Too many failed attempts. Try again in ${failure.retryAfter ?? 'a few'} seconds.`;

/** What a completion of the ticket answered: signed in, the ticket still waiting, or back to the password. */
async function afterSecondFactor(failure, wrong) {
  if (!failure) {
    await enterApp();
  } else if (failure.code === 'INVALID_SECOND_FACTOR' || failure.status === 400) {
    showSecondFactor(ticket, ticketMethods, wrong);
  } else if (failure.status === 429) {
    showLogin(throttled(failure));
  } else if (failure.code === 'LOGIN_TICKET_INVALID') {
    showLogin('That sign-in has expired. Please sign in again.');
  } else {
    showLogin(failure.message ?? 'Signing in failed.');
  }
}

/** Runs a sign-in step with its button disabled; the browser's passkey dialog closed is no error. */
function signInStep(button, step) {
  return guard(async () => {
    button.disabled = true;
    try {
      await step();
    } catch (error) {
      if (!passkeys.cancelled(error)) throw error;
      loginMessage('No passkey was used.');
    } finally {
      button.disabled = false;
    }
  });
}

function wire() {
  twoStep.wire({ dataOf, guard, formatDate });
  reauthenticate.wire({ dataOf });
  passkeys.wire({ dataOf, guard, formatDate, element });
  recovery.wire({ show, showLogin, loginMessage, guard });
  email.wire({ dataOf, guard });
  signUp.wire({ loginMessage, guard });
  $('passkey-sign-in').addEventListener('click', () => signInStep($('passkey-sign-in'), async () => {
    const { credential, refused } = await passkeys.assertion(null);
    const failure = refused ?? await auth.logInWithPasskey(credential);
    if (!failure) {
      await enterApp();
    } else if (failure.code === 'TOO_MANY_PASSKEY_CHALLENGES') {
      showLogin('Too many passkey sign-ins are under way from your network. Try again in a few minutes.');
    } else if (failure.status === 429) {
      showLogin(throttled(failure));
    } else {
      showLogin('That passkey was not accepted. Sign in with your password, or try another passkey.');
    }
  }));
  $('second-factor-passkey').addEventListener('click', () => signInStep($('second-factor-passkey'), async () => {
    const { credential } = await passkeys.assertion(ticket);
    if (!credential) {
      showLogin('That sign-in has expired. Please sign in again.');
      return;
    }
    await afterSecondFactor(await auth.completeLogIn(ticket, { passkey: credential }),
      'That passkey was not accepted. Try another, or enter a code.');
  }));
  $('login-form').addEventListener('submit', event => {
    event.preventDefault();
    guard(async () => {
      $('login-submit').disabled = true;
      try {
        const username = $('username').value.trim();
        const failure = await auth.logIn(username, $('password').value);
        if (!failure) {
          await enterApp();
        } else if (failure.code === 'EMAIL_NOT_VERIFIED') {
          showLogin('Your email address is not verified yet: follow the link mailed to it, then sign in.');
          signUp.offerMailAgain(username);
        } else if (failure.code === 'SECOND_FACTOR_REQUIRED') {
          showSecondFactor(failure.data.ticket, failure.data.methods, failure.data.methods.includes('totp')
            ? 'Enter the code your authenticator app shows now.' : 'Use your passkey, or enter a recovery code.');
        } else if (failure.status === 429) {
          showLogin(throttled(failure));
        } else if (failure.status === 401) {
          showLogin('Wrong username or password.');
        } else {
          showLogin(failure.message ?? 'Signing in failed.');
        }
      } finally {
        $('login-submit').disabled = false;
      }
    });
  });
  $('second-factor-form').addEventListener('submit', event => {
    event.preventDefault();
    guard(async () => {
      $('second-factor-submit').disabled = true;
      try {
        await afterSecondFactor(await auth.completeLogIn(ticket, codeOrRecoveryCode($('second-factor-code').value)),
          'That code is not right, or was used already. Try the next one.');
      } finally {
        $('second-factor-submit').disabled = false;
      }
    });
  });
  $('logout').addEventListener('click', () => guard(async () => {
    await auth.logOut().catch(error => {
      if (!(error instanceof auth.SessionEnded)) throw error;
    });
    showLogin('You are signed out.');
  }));
  $('reload').addEventListener('click', () => enterApp());
  for (const header of document.querySelectorAll('#orders th[data-sort]')) {
    header.querySelector('button').addEventListener('click', () => {
      const property = header.dataset.sort;
      orders.direction = property !== orders.sort ? FIRST_DIRECTION[property]
        : orders.direction === 'asc' ? 'desc' : 'asc';
      orders.sort = property;
      orders.page = 0;
      guard(loadOrders);
    });
  }
  $('status-filter').addEventListener('change', event => {
    orders.status = event.target.value;
    orders.page = 0;
    guard(loadOrders);
  });
  $('prev-page').addEventListener('click', () => {
    orders.page -= 1;
    guard(loadOrders);
  });
  $('next-page').addEventListener('click', () => {
    orders.page += 1;
    guard(loadOrders);
  });
  auth.onSignedIn(() => enterApp());
  auth.onSignedOut(message => showLogin(message));
  // A reset link opened in a tab that shows this page already changes the fragment only, and loads nothing.
  window.addEventListener('hashchange', () => {
    if (recovery.takeToken()) recovery.showReset({ show });
    else if (email.takeToken()) guard(() => email.verify({ show }, () => enterOrSignIn()));
  });
}

async function start() {
  if (!auth.supported) {
    notice('This page needs a secure connection (HTTPS, or localhost): the sign-in cookie is sent over nothing else.');
    show('none');
    return;
  }
  wire();
  await identities.wire({ dataOf, guard, formatDate, element });
  if (recovery.takeToken()) {
    recovery.showReset({ show });
    return;
  }
  if (email.takeToken()) {
    await guard(() => email.verify({ show }, () => enterOrSignIn()));
    return;
  }
  const outcome = identities.takeOutcome();
  if (outcome.secondFactor) {
    showLogin();
    const { ticket: pending, methods } = outcome.secondFactor;
    showSecondFactor(pending, methods, methods.includes('totp')
      ? 'Signed in with the identity provider. Enter the code your authenticator app shows now.'
      : 'Signed in with the identity provider. Use your passkey, or enter a recovery code.');
    return;
  }
  await enterOrSignIn(outcome);
}

/**
 * The page as it opens: signed in where a session lives on, the sign-in form elsewhere; with what the callback of an
 * identity provider said, if it brought the browser here.
 */
async function enterOrSignIn(outcome = {}) {
  await guard(async () => {
    if (auth.signedIn() || await auth.restore()) {
      await enterApp(outcome.linked);
      if (outcome.error) notice(outcome.error);
    } else {
      showLogin(outcome.error);
    }
  });
}

start();
