// The TypeScript side: the generated module's `ErrorCode` keys.
import { ErrorCode, createError } from "./errors";

export function validate(field: string) {
  if (!field) throw createError(ErrorCode.FRM_VALIDATION, { field });
}

export function run(tool: string) {
  throw createError(ErrorCode.UNKNOWN_TOOL, { tool });
}
