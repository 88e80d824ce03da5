// A few lines a client of auth-service would write against the types openapi-typescript generates from the spec
// (auth-service.ts, written by OpenApiClientFolder). If a schema loses its name, its shape or a field's type, this
// stops compiling.
import type { components, paths } from "./auth-service";

type Schemas = components["schemas"];
type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

type UsersAnswer = Json<paths["/api/admin/users"]["get"]["responses"][200]>;
type CreatedAnswer = Json<paths["/api/admin/users"]["post"]["responses"][201]>;
type LogInAnswer = Json<paths["/api/login"]["post"]["responses"][200]>;
type Unauthorized = Json<paths["/api/user/profile"]["get"]["responses"][401]>;

// A page of users: the envelope's data is there on a success, no null check needed.
export function usernames(answer: UsersAnswer): string[] {
  const page: Schemas["UserPage"] = answer.data;
  return page.content.map((user: Schemas["User"]) => user.username);
}

export function createdUserId(answer: CreatedAnswer): string {
  const envelope: Schemas["UserDetailEnvelope"] = answer;
  return envelope.data.userId;
}

// One user's email address may be null; whether it is verified is always there.
export function emailOf(user: Schemas["UserDetail"]): string | null {
  return user.emailVerified ? user.email : null;
}

export function accessToken(answer: LogInAnswer): string {
  return answer.accessToken;
}

// Every error is the one ErrorEnvelope, whose error is there.
export function errorCode(answer: Unauthorized): Schemas["ApiError"]["code"] {
  const envelope: Schemas["ErrorEnvelope"] = answer;
  return envelope.error.code;
}

// A session's client details may be null.
export function userAgents(sessions: Schemas["SessionPageEnvelope"]): (string | null)[] {
  return sessions.data.content.map((session: Schemas["Session"]) => session.userAgent);
}

export function timestamps(events: Schemas["AuditEventPage"], orders: Schemas["OrderPage"]): string[] {
  return [...events.content.map((event) => event.occurredAt), ...orders.content.map((order) => order.createdAt)];
}

export const roles = (answer: Schemas["ProfileEnvelope"]): Schemas["Profile"]["roles"] => answer.data.roles;
