// Two rules of the api written as `no-restricted-syntax` selectors (docs/decisions.md, docs/tenancy.md). ESLint keeps
// one setting of a rule per file (a later block's replaces an earlier one's), so both come from here as two blocks:
// every api file gets the library rules; all but the repositories get the tenancy rule too.

/** Libraries through their public API only: no method of a library's object overwritten, no private field read. */
const LIBRARY_RULES = [
  {
    selector:
      "AssignmentExpression > MemberExpression.left[object.type!='ThisExpression'][property.name=/^(_encode|apply|duplicate|disconnect|all|run|close|execute|get)$/]",
    message: "Do not overwrite a library object's method: use its public API, or own the resource in a class of ours.",
  },
  {
    selector: "MemberExpression[object.type!='ThisExpression'][property.name=/^_(?!id$)/]",
    message: "Do not read a library's private field (a leading underscore): use its public API.",
  },
];

/** Only a repository writes the company predicate: the Scope hands it over and the repository adds it to its SQL. */
const TENANCY_RULES = ['Literal[value=/company_id\\s*(=|in\\b|is\\b)/i]', 'TemplateElement[value.raw=/company_id\\s*(=|in\\b|is\\b)/i]'].map(
  (selector) => ({
    selector,
    message: 'A company predicate in SQL belongs in a repository (*.repository.ts, or a read-only *.query.ts), which takes the Scope: docs/tenancy.md.',
  }),
);

/** The files that may write SQL with the company predicate: repositories, query objects, and the frozen migrations. */
export const REPOSITORY_FILES = ['api/src/**/*.repository.ts', 'api/src/**/*.query.ts', 'api/src/**/*.queries.ts', 'api/src/schema/migrations/**'];

export const apiSyntaxConfigs = () => [
  {
    name: 'api: libraries through their public API; the company predicate only in repositories',
    files: ['api/src/**/*.ts'],
    ignores: [...REPOSITORY_FILES, 'api/src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...LIBRARY_RULES, ...TENANCY_RULES] },
  },
  {
    name: 'api repositories and specs: libraries through their public API',
    files: [...REPOSITORY_FILES, 'api/src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...LIBRARY_RULES] },
  },
];
