// Every refusal the cms sends a person goes through the catalogue (issue 39): a new English literal in an ApiError
// (or in a helper that builds one) would answer a Hindi or Arabic reader in English. This reads the sources.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');

/**
 * Words only a machine or Strapi's own (English) admin panel reads, kept as written: `file: the words' start`.
 * - The payment provider's webhook: Stripe reads these answers (a signature or an event about an unknown order;
 *   `message` is its badRequest helper's).
 * - Strapi's content-manager panel is English; its save refusals are said there (article slugs, wall moderation).
 * - The local-network policy answers the cms's own health and metrics scrapers.
 */
const MACHINE_ONLY: Record<string, string[]> = {
  'api/payment/services/webhook.ts': [
    'message',
    'No order matches',
    'Checkout session',
    'Empty webhook body',
    'Missing Stripe-Signature',
    'Invalid Stripe signature',
  ],
  'api/article/lib/slug.ts': ['The slug', 'Another article already', 'Another article took'],
  'api/wall-post/lib/panel.ts': ['Write a Moderation reason'],
  'policies/local-network.ts': ['Only the local network'],
};

/** Calls whose first argument is words for a person. */
const WORDS_FIRST = new Set(['forbidden', 'unauthorized', 'tooManyRequests', 'csvFileError']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' && dir === SRC ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Is this expression English written in place (a literal, a template, a concatenation)? */
function isLiteralWords(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isLiteralWords(node.expression);
  if (ts.isConditionalExpression(node)) return isLiteralWords(node.whenTrue) || isLiteralWords(node.whenFalse);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return true;
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

/** A parameter typed `string` handed on as the message: a helper that takes English words. */
function isStringParameter(node: ts.Expression, file: ts.SourceFile): boolean {
  if (!ts.isIdentifier(node)) return false;
  let scope: ts.Node | undefined = node.parent;
  while (scope) {
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === node.text);
      if (parameter)
        return (
          parameter.type
            ?.getText(file)
            .split('|')
            .some((part) => part.trim() === 'string') ?? false
        );
    }
    scope = scope.parent;
  }
  return false;
}

function messageArgument(node: ts.Node): ts.Expression | undefined {
  if (ts.isNewExpression(node)) {
    const callee = node.expression.getText();
    if (callee === 'ApiError') return node.arguments?.[1];
    if (/^errors\.\w+Error$/.test(callee)) return node.arguments?.[0];
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    if (WORDS_FIRST.has(callee)) return node.arguments[0];
    if (callee === 'createLimit' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
      const property = node.arguments[0].properties.find((p) => p.name?.getText() === 'message');
      return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
    }
  }
  return undefined;
}

function literalRefusals(): string[] {
  const found: string[] = [];
  for (const path of sources(SRC)) {
    const name = relative(SRC, path);
    const text = readFileSync(path, 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const argument = messageArgument(node);
      if (argument && (isLiteralWords(argument) || isStringParameter(argument, file))) {
        const words = argument.getText(file);
        const allowed = (MACHINE_ONLY[name] ?? []).some((start) => words.replace(/^[`'"(]+/, '').startsWith(start));
        if (!allowed) found.push(`${name}:${file.getLineAndCharacterOfPosition(argument.getStart(file)).line + 1}: ${words.slice(0, 90)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('the words of every refusal', () => {
  it('come from the message catalogue (msg(key, vars)), never an English literal, but for the machine-only list', () => {
    expect(literalRefusals()).toEqual([]);
  });

  it('finds a literal, a template and a helper taking English words', () => {
    const source = [
      'const a = (message: string) => new ApiError(409, message);',
      `throw new ApiError(404, \`No \${id}.\`);`,
      'throw forbidden("No.");',
      'throw new ApiError(404, msg("x"));',
    ].join('\n');
    const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
    const hits: string[] = [];
    const visit = (node: ts.Node) => {
      const argument = messageArgument(node);
      if (argument && (isLiteralWords(argument) || isStringParameter(argument, file))) hits.push(argument.getText(file));
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(hits).toEqual(['message', `\`No \${id}.\``, '"No."']);
  });
});
