// How well the cms keeps "one owner per table" (issue 36), read from the sources: `node scripts/measure-ownership.mjs`
// prints three figures (add `--list` for every finding, `--json` for a machine-readable answer):
//   1. imports of another domain's `services/` folder (type-only imports too): a domain's rows, queries and helpers
//      others need live in its `repository.ts` (or a `types.ts`/`lib/` beside it), never in `services/`;
//   2. pairs of domains that call each other both ways at run time (in non-test code: `getService(strapi, 'api::x.…')`,
//      or a value import of the other's `services/` or `repository.ts`; type-only imports are erased, so they call nothing);
//   3. queries of a table outside its owning domain: `strapi.db.query(uid)`, `strapi.documents(uid)`, `tableOf` /
//      `linkOf` / `columnOf` / `lockRow` / `idsLinkedTo(strapi, uid, …)` and `strapi.db.metadata.get(uid)` where the
//      uid belongs to another domain.
// A domain is a folder `cms/src/api/<domain>/`; it owns the uids `api::<domain>.*`; the `user` domain owns
// `plugin::users-permissions.*`. Code outside `api/` (auth/, middlewares/, index.ts…) counts as one more domain
// each, by its first folder. `cms/src/services.ts` (the typed registry, which must name every service factory) and
// `cms/src/seed/` (the loader that fills every table on an empty database) are left out of figure 3; test files
// count for figure 1 only. Framework tables (`plugin::upload.file`, `admin::user`…) have no domain of ours.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(root, 'package.json'))('typescript');

/** The three figures and every finding behind them, for the cms sources under `src` (cms/src by default). */
export function measureOwnership(src = join(root, 'cms', 'src')) {
  const files = [];
  (function walk(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  })(src);

  const fileSet = new Set(files);
  const rel = (file) => relative(src, file).split(sep).join('/');
  /** The domain a file under cms/src belongs to: `api/<domain>/…` → domain; otherwise its first folder (or file). */
  const domainOfFile = (file) => {
    const parts = rel(file).split('/');
    return parts[0] === 'api' ? parts[1] : `(${parts[0].replace(/\.tsx?$/, '')})`;
  };
  const isTest = (file) => /\.test\.tsx?$/.test(file) || rel(file).startsWith('tests/');
  const isRegistry = (file) => rel(file) === 'services.ts';
  const isSeed = (file) => rel(file).startsWith('seed/');
  /** The domain owning a content-type uid, or null when it is the framework's. */
  const ownerOfUid = (uid) => {
    const api = /^api::([a-z0-9-]+)\./.exec(uid);
    if (api) return api[1];
    return uid.startsWith('plugin::users-permissions.') ? 'user' : null;
  };

  const parsed = new Map();
  const parse = (file) => {
    if (!parsed.has(file)) parsed.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
    return parsed.get(file);
  };
  const resolveImport = (from, specifier) => {
    if (!specifier.startsWith('.')) return null;
    const base = resolve(dirname(from), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (fileSet.has(candidate)) return candidate;
    return null;
  };

  /** The string constants a file declares at its top level (`const ENTRY = 'api::entry.entry'`), and the ones it imports. */
  const constantsCache = new Map();
  function constantsOf(file, seen = new Set()) {
    if (constantsCache.has(file)) return constantsCache.get(file);
    const found = new Map();
    if (seen.has(file)) return found;
    seen.add(file);
    const sf = parse(file);
    for (const statement of sf.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) {
          let init = decl.initializer;
          while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression?.(init) || ts.isParenthesizedExpression(init))) init = init.expression;
          if (ts.isIdentifier(decl.name) && init && ts.isStringLiteralLike(init)) found.set(decl.name.text, init.text);
        }
      } else if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
        const target = resolveImport(file, statement.moduleSpecifier.text);
        if (!target) continue;
        const theirs = constantsOf(target, seen);
        for (const element of statement.importClause.namedBindings.elements) {
          const value = theirs.get((element.propertyName ?? element.name).text);
          if (value) found.set(element.name.text, value);
        }
      }
    }
    constantsCache.set(file, found);
    return found;
  }

  /** Every uid an expression may stand for: a string literal, a known constant, or both branches of a ternary. */
  function uidsOf(node, constants) {
    if (!node) return [];
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isIdentifier(node)) return constants.has(node.text) ? [constants.get(node.text)] : [];
    if (ts.isConditionalExpression(node)) return [...uidsOf(node.whenTrue, constants), ...uidsOf(node.whenFalse, constants)];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return uidsOf(node.expression, constants);
    return [];
  }

  /** What one domain calls of another: its services (directly or through the registry) and its repository. */
  const CALLABLE = /^(services\/|repository(\.ts)?$|repository\/)/;

  /** An import or export that brings only types (erased at run time, so no call). */
  const typeOnly = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (!clause) return false;
      if (clause.isTypeOnly) return true;
      const named = clause.namedBindings;
      return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
    }
    return ts.isExportDeclaration(node) && node.isTypeOnly;
  };

  const TABLE_HELPERS = new Set(['tableOf', 'linkOf', 'columnOf', 'lockRow', 'idsLinkedTo', 'metadataOf', 'fieldsOf']);
  /** Which argument of a call names a table, or -1 when the call is not a table access. */
  function tableArgument(call) {
    const callee = call.expression;
    const text = callee.getText().replace(/\s+/g, '');
    if (/(^|\.)db\.query$/.test(text) || /(^|\.)documents$/.test(text) || /(^|\.)db\.metadata\.get$/.test(text)) return 0;
    // (strapi, uid, …), or a file's own one-argument helper (uid).
    if (ts.isIdentifier(callee) && TABLE_HELPERS.has(callee.text)) return call.arguments.length === 1 ? 0 : 1;
    return -1;
  }

  const foreignServiceImports = [];
  const foreignTableQueries = [];
  const edges = new Map(); // domain -> Map(domain -> first reason)
  const addEdge = (from, to, why) => {
    if (from === to || !to) return;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, why);
  };

  for (const file of files) {
    if (isRegistry(file)) continue;
    const sf = parse(file);
    const domain = domainOfFile(file);
    const constants = constantsOf(file);
    const where = (node) => `${rel(file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node) => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)
          ? node.moduleSpecifier.text
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])
            ? node.arguments[0].text
            : null;
      if (specifier) {
        const target = resolveImport(file, specifier);
        if (target) {
          const targetParts = rel(target).split('/');
          const targetDomain = domainOfFile(target);
          if (targetParts[0] === 'api' && targetDomain !== domain) {
            if (targetParts[2] === 'services') foreignServiceImports.push(`${where(node)} imports ${rel(target)}`);
            if (!isTest(file) && !typeOnly(node) && CALLABLE.test(targetParts.slice(2).join('/')))
              addEdge(domain, targetDomain, `${where(node)} imports ${rel(target)}`);
          }
        }
      }
      if (ts.isCallExpression(node) && !isTest(file) && /(^|\.)(getService|service)$/.test(node.expression.getText())) {
        const uid = node.arguments.find((arg) => ts.isStringLiteralLike(arg));
        const owner = uid && ownerOfUid(uid.text);
        if (owner) addEdge(domain, owner, `${where(node)} calls ${uid.text}`);
      }
      if (ts.isCallExpression(node) && !isTest(file) && !isSeed(file)) {
        const index = tableArgument(node);
        if (index >= 0) {
          for (const uid of uidsOf(node.arguments[index], constants)) {
            const owner = ownerOfUid(uid);
            if (owner && owner !== domain)
              foreignTableQueries.push(`${where(node)} ${node.expression.getText().replace(/\s+/g, '')}(${uid}) belongs to ${owner}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const pairs = [];
  for (const [a, targets] of edges) {
    for (const b of targets.keys()) {
      if (a < b && edges.get(b)?.has(a)) pairs.push({ pair: `${a} <-> ${b}`, because: [targets.get(b), edges.get(b).get(a)] });
    }
  }
  pairs.sort((x, y) => x.pair.localeCompare(y.pair));

  return {
    foreignServiceImports: foreignServiceImports.length,
    twoWayPairs: pairs.length,
    foreignTableQueries: foreignTableQueries.length,
    details: { foreignServiceImports, twoWayPairs: pairs, foreignTableQueries },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { details, ...figures } = measureOwnership();
  const { foreignServiceImports, twoWayPairs: pairs, foreignTableQueries } = details;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...figures, details }, null, 2));
  } else {
    console.log(`imports of another domain's services/:         ${figures.foreignServiceImports}`);
    console.log(`pairs of domains calling each other both ways: ${figures.twoWayPairs}${pairs.length ? ` (${pairs.map((p) => p.pair).join(', ')})` : ''}`);
    console.log(`queries of a table outside its owner:          ${figures.foreignTableQueries}`);
    if (process.argv.includes('--list')) {
      console.log('\nforeign services/ imports:');
      for (const line of foreignServiceImports) console.log(`  ${line}`);
      console.log('\ntwo-way pairs:');
      for (const p of pairs) console.log(`  ${p.pair}\n    ${p.because.join('\n    ')}`);
      console.log('\nforeign table queries:');
      for (const line of foreignTableQueries) console.log(`  ${line}`);
    }
  }
}
