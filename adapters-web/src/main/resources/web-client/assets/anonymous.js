// Requests the sign-in card makes before anyone is signed in (a reset link asked for, a sign-up, a link mailed
// again): a JSON POST with no session, and a button held disabled while one is under way.

const $ = id => document.getElementById(id);

/** POSTs the body as JSON; null when the answer is a success, else what the failure tells. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (response.ok) return null;
  const answer = await response.json().catch(() => null);
  return { status: response.status, code: answer?.error?.code, message: answer?.error?.message,
    retryAfter: response.headers.get('Retry-After') };
}

/** Runs step with the button of that id disabled, so that one click sends one request. */
export async function whileDisabled(id, step) {
  $(id).disabled = true;
  try {
    await step();
  } finally {
    $(id).disabled = false;
  }
}
