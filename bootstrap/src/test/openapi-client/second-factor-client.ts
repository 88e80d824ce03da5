// A client of auth-service written from the OpenAPI description alone, as a client team would: openapi-fetch typed by
// the types openapi-typescript generates from it (auth-service.ts), and otplib computing what an authenticator app
// shows. Against the service at the address of its argument it enrols a TOTP and logs in with it; a replayed code and
// a used ticket must be refused with their documented codes, and neither refusal may leave anything behind. It prints
// each step, and ends with exit code 1 at the first answer that is not the documented one. Compiled with
// tsconfig.second-factor-client.json and run by OpenApiSecondFactorClientTest.
import createClient from "openapi-fetch";
import { generate } from "otplib";
import type { components, paths } from "./auth-service.js";

// Node's, declared here for the two members used rather than pulling in @types/node.
declare const process: { argv: string[]; exitCode?: number };

type Schemas = components["schemas"];

const baseUrl = process.argv[2];
const api = createClient<paths>({ baseUrl });
const PASSWORD = "violet lamps over a quiet harbor";

class Mismatch extends Error {}

function step(text: string): void {
  console.log(`- ${text}`);
}

function expect(condition: boolean, what: string): void {
  if (!condition) {
    throw new Mismatch(what);
  }
}

function expectEqual<T>(actual: T, expected: T, what: string): void {
  expect(JSON.stringify(actual) === JSON.stringify(expected),
      `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** A refusal: its status, and the code in its error envelope. */
function expectError(response: Response, error: { error: Schemas["ApiError"] } | undefined, status: number,
                     code: string, what: string): void {
  expectEqual(response.status, status, `${what}: status`);
  expectEqual(error?.error.code, code, `${what}: error code`);
}

function bearer(accessToken: string): { headers: { Authorization: string } } {
  return { headers: { Authorization: `Bearer ${accessToken}` } };
}

/** The amr claim of an access token (RFC 8176): how its session's user logged in. */
function amr(accessToken: string): string[] {
  const payload = accessToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  return (JSON.parse(atob(payload)) as { amr?: string[] }).amr ?? [];
}

/** The codes an authenticator app shows, from the key URI of an enrolment, read as an app reads it. */
function authenticatorApp(otpauthUri: string): (epochSeconds: number) => Promise<string> {
  const uri = new URL(otpauthUri);
  expectEqual(uri.protocol, "otpauth:", "key URI scheme");
  expectEqual(uri.host, "totp", "key URI type");
  const secret = uri.searchParams.get("secret") ?? "";
  const period = Number(uri.searchParams.get("period"));
  expectEqual(uri.searchParams.get("algorithm"), "SHA1", "key URI algorithm");
  expectEqual(uri.searchParams.get("digits"), "6", "key URI digits");
  return (epoch) => generate({ secret, algorithm: "sha1", digits: 6, period, epoch });
}

const now = (): number => Math.floor(Date.now() / 1000);

async function logInWithPassword(username: string): Promise<Schemas["SecondFactorChallenge"]> {
  const { error, response } = await api.POST("/api/login", { body: { username, password: PASSWORD } });
  expectError(response, error, 401, "SECOND_FACTOR_REQUIRED", "the password of an account with a TOTP");
  expect(response.headers.get("set-cookie") === null, "no refresh cookie before the second factor");
  // The description's 401 is one of two envelopes; the challenge is the one whose data holds a ticket.
  const data = error?.data;
  expect(data != null && "ticket" in data && data.ticket.length > 0, "a ticket in the answer's data");
  const challenge = data as Schemas["SecondFactorChallenge"];
  expectEqual(challenge.methods, ["totp", "recovery-code"], "methods");
  expectEqual(challenge.expiresIn, 300, "expiresIn");
  return challenge;
}

async function complete(body: Schemas["CompleteLogInRequest"]) {
  return api.POST("/api/login/second-factor", { body });
}

async function sessionCount(accessToken: string): Promise<number> {
  const { data, response } = await api.GET("/api/user/sessions", bearer(accessToken));
  expectEqual(response.status, 200, "sessions status");
  return data!.data.totalElements;
}

async function main(): Promise<void> {
  step(`auth-service at ${baseUrl}`);

  const admin = await api.POST("/api/login", { body: { username: "bob", password: "bob-password" } });
  expectEqual(admin.response.status, 200, "bob's login");
  const username = `client-${Math.random().toString(36).slice(2, 10)}`;
  const created = await api.POST("/api/admin/users", {
    ...bearer(admin.data!.accessToken),
    body: { username, password: PASSWORD, roles: ["USER"], nickname: "Client", department: "Testing" },
  });
  expectEqual(created.response.status, 201, "user created");
  step(`bob created ${username} (${created.data!.data.userId})`);

  const first = await api.POST("/api/login", { body: { username, password: PASSWORD } });
  expectEqual(first.response.status, 200, "a login with the password alone");
  const token = first.data!.accessToken;
  expectEqual(amr(token), ["pwd"], "amr of a password login");
  step("logged in with the password alone: amr [pwd]");

  const enrolment = await api.POST("/api/user/second-factor/totp", bearer(token));
  expectEqual(enrolment.response.status, 200, "enrolment");
  const { secret, otpauthUri } = enrolment.data!.data;
  expectEqual(new URL(otpauthUri).searchParams.get("secret"), secret, "the key URI's secret");
  const app = authenticatorApp(otpauthUri);
  step("enrolled a TOTP: a secret and its key URI");

  // The code of the step before now, so that the logins have two later steps to use without waiting (the service
  // accepts one step either side of its own); that step should not end before the service reads the code.
  const intoStep = now() % 30;
  if (intoStep > 25) {
    step(`waiting ${30 - intoStep} s for the next time step`);
    await new Promise((resolve) => setTimeout(resolve, (30 - intoStep) * 1000));
  }
  const confirmed = await api.POST("/api/user/second-factor/totp/confirm", {
    ...bearer(token), body: { code: await app(now() - 30) },
  });
  expectEqual(confirmed.response.status, 200, "confirmation");
  const recoveryCodes = confirmed.data!.data.recoveryCodes ?? [];
  expectEqual(recoveryCodes.length, 10, "recovery codes");
  step("confirmed with the code of the previous time step: ten recovery codes");

  const challenge = await logInWithPassword(username);
  step(`the password alone answers 401 SECOND_FACTOR_REQUIRED with a ticket, ${challenge.expiresIn} s`);
  const code = await app(now());
  const loggedIn = await complete({ ticket: challenge.ticket, code });
  expectEqual(loggedIn.response.status, 200, "completion with the current code");
  expect((loggedIn.response.headers.get("set-cookie") ?? "").startsWith("refreshToken="), "a refresh cookie");
  expectEqual(amr(loggedIn.data!.accessToken), ["pwd", "otp", "mfa"], "amr of a login with a code");
  const sessions = await sessionCount(token);
  expectEqual(sessions, 2, "sessions: the password login and this one");
  step("completed with the current code: 200, amr [pwd, otp, mfa], a second session");

  const second = await logInWithPassword(username);
  const replayed = await complete({ ticket: second.ticket, code });
  expectError(replayed.response, replayed.error, 401, "INVALID_SECOND_FACTOR", "a replayed code");
  expect(replayed.response.headers.get("set-cookie") === null, "no cookie for a replayed code");
  expectEqual(await sessionCount(token), sessions, "sessions after a replayed code");
  step("the same code on a new ticket: 401 INVALID_SECOND_FACTOR, no session");

  // The code of the next step is one the service accepts now (a step of skew), and one never used.
  const nextCode = await app(now() + 30);
  const dead = await complete({ ticket: challenge.ticket, code: nextCode });
  expectError(dead.response, dead.error, 401, "LOGIN_TICKET_INVALID", "a used ticket");
  const deadWithRecoveryCode = await complete({ ticket: challenge.ticket, recoveryCode: recoveryCodes[0] });
  expectError(deadWithRecoveryCode.response, deadWithRecoveryCode.error, 401, "LOGIN_TICKET_INVALID",
      "a used ticket with a recovery code");
  expect(dead.response.headers.get("set-cookie") === null
      && deadWithRecoveryCode.response.headers.get("set-cookie") === null, "no cookie for a used ticket");
  expectEqual(await sessionCount(token), sessions, "sessions after a used ticket");
  step("the used ticket with a fresh code or a recovery code: 401 LOGIN_TICKET_INVALID, no session");

  const afterReplay = await complete({ ticket: second.ticket, code: nextCode });
  expectEqual(afterReplay.response.status, 200, "the refused ticket with the fresh code");
  expectEqual(amr(afterReplay.data!.accessToken), ["pwd", "otp", "mfa"], "amr");
  const withRecoveryCode = await complete({
    ticket: (await logInWithPassword(username)).ticket, recoveryCode: recoveryCodes[0],
  });
  expectEqual(withRecoveryCode.response.status, 200, "a login with the recovery code the used ticket was given");
  expectEqual(amr(withRecoveryCode.data!.accessToken), ["pwd", "mfa"], "amr of a login with a recovery code");
  expectEqual(await sessionCount(token), sessions + 2, "sessions: one per completed login");
  step("nothing was spent by the refusals: the replay's ticket takes the fresh code, the recovery code still works");
  step("OK");
}

main().catch((failure: unknown) => {
  console.log(failure instanceof Mismatch ? `MISMATCH: ${failure.message}` : failure);
  process.exitCode = 1;
});
