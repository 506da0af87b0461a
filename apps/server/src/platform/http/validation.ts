import { errorCodeOfParams, ErrorCode } from '@momentos/contract';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** One failed rule: where (field path, empty for the whole input) and what. */
export interface InputIssue {
  field: string;
  message: string;
}

/** "Invalid request: name: must not …; page: Too big …": every refusal names the field it is about. */
export function invalidRequestMessage(issues: readonly InputIssue[]): string {
  return `Invalid request: ${issues.map(({ field, message }) => (field ? `${field}: ${message}` : message)).join('; ')}`;
}

/**
 * The code of a refusal: the one its rules name (`withErrorCode` in the contract) when every failed
 * rule names the same, else VALIDATION_ERROR. `params` are each failed rule's zod params.
 */
export function refusalCode(params: readonly unknown[]): ErrorCode {
  const codes = new Set(params.map(errorCodeOfParams));
  const [only] = codes;
  return codes.size === 1 && only ? only : ErrorCode.VALIDATION_ERROR;
}

/**
 * Checks input that does not pass through a route schema (multipart fields, tus metadata) with a
 * contract schema, and refuses it as the error handler refuses a body: 400, VALIDATION_ERROR (or
 * the rule's own code), the field named.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const params = result.error.issues.map((issue) => (issue.code === 'custom' ? issue.params : undefined));
  throw AppError.badRequest(invalidRequestMessage(issues), refusalCode(params));
}
