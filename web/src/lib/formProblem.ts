/** The part of a zod schema the forms use: the contracts' request schemas validate the web's forms too. */
interface RequestSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface FormProblem<F extends string> {
  field: F;
  message: string;
}

/**
 * What is wrong with a form, in the server's words: the first problem the contract's schema finds (in the
 * order of its fields), or null when the server would take it. `blankFirst`: a missing field is reported
 * before a wrong one elsewhere.
 */
export function formProblem<F extends string>(schema: RequestSchema, input: Record<F, unknown>, { blankFirst = false } = {}): FormProblem<F> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? '') as F, message: issue.message }));
  const isBlank = (field: F) => typeof input[field] === 'string' && input[field].trim() === '';
  return (blankFirst ? issues.find((issue) => isBlank(issue.field)) : undefined) ?? issues[0] ?? null;
}
