// A form checks its values with the request schema the cms parses (packages/shared/src/schemas), so both
// say the same thing; the cms's 422 answers land on the same fields through fieldErrorsFrom (lib/api.ts).
// Forms load their schema when they are first sent (`import('@writory/shared/schemas/<domain>')`), so zod
// is not part of any page's JavaScript at load. Their messages are said in the page's language (lib/schema-words.ts,
// loaded with the schema).
import { loadSchemaWords, schemaMessage } from './schema-words';

/** What a form needs of a zod schema (the shared ones are zod/mini). */
export interface FormSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: readonly FieldIssue[] } };
}

export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** The first issue the schema finds for each of these fields (an issue at "field.sub" counts for "field"). */
export async function schemaIssues<F extends string>(
  schema: FormSchema | Promise<FormSchema>,
  values: unknown,
  fields: readonly F[],
): Promise<Partial<Record<F, FieldIssue>>> {
  const [parser] = await Promise.all([schema, loadSchemaWords()]);
  const result = parser.safeParse(values);
  const issues: Partial<Record<F, FieldIssue>> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = fields.find((name) => issue.path[0] === name);
    if (field && !issues[field]) issues[field] = { ...issue, message: schemaMessage(issue.message) };
  }
  return issues;
}

/** The first problem of each field, in the schema's own words (the words the cms answers with) in the page's language. */
export async function schemaProblems<F extends string>(
  schema: FormSchema | Promise<FormSchema>,
  values: unknown,
  fields: readonly F[],
): Promise<Partial<Record<F, string>>> {
  const issues = await schemaIssues(schema, values, fields);
  return Object.fromEntries(Object.entries(issues).map(([field, issue]) => [field, (issue as FieldIssue).message])) as Partial<Record<F, string>>;
}
