// zod's own e-mail rule (zod/v4/core regexes.email), which the server's ZEmail applies: an address
// this accepts is never refused by the server, and one it refuses is named here, in the visitor's
// language, before any request.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
