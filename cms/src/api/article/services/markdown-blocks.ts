// Article bodies written on the site arrive as Markdown and are stored as Strapi blocks (the JSON of the
// panel's blocks editor), the one format the site renders. CommonMark is parsed by mdast-util-from-markdown;
// what blocks cannot hold (images in the text, unsafe links) is reported with its line, never dropped silently.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as plainText } from 'mdast-util-to-string';
import { safeLinkUrl } from '@writory/shared';
import type { Definition, List, ListItem, Nodes, PhrasingContent, Root, RootContent } from 'mdast';

export interface TextNode {
  type: 'text';
  text: string;
  bold?: true;
  italic?: true;
  code?: true;
}
export interface LinkNode {
  type: 'link';
  url: string;
  children: TextNode[];
}
export type InlineNode = TextNode | LinkNode;
export interface ListItemNode {
  type: 'list-item';
  children: InlineNode[];
}
export interface ListNode {
  type: 'list';
  format: 'ordered' | 'unordered';
  indentLevel?: number;
  children: (ListItemNode | ListNode)[];
}
export type Block =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { type: 'quote'; children: InlineNode[] }
  | { type: 'code'; language?: string; children: TextNode[] }
  | ListNode;

export interface BodyProblem {
  line: number;
  message: string;
}

type Modifiers = Pick<TextNode, 'bold' | 'italic' | 'code'>;

const NO_IMAGES = 'images cannot go in the text yet; use the cover image, or link to the picture';
const lineOf = (node: Nodes) => node.position?.start.line ?? 1;

/** Converts Markdown to Strapi blocks; `problems` lists what could not be converted, by line. */
export function markdownToBlocks(markdown: string): { blocks: Block[]; problems: BodyProblem[] } {
  const tree: Root = fromMarkdown(markdown);
  const problems: BodyProblem[] = [];
  const definitions = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type === 'definition') definitions.set((node as Definition).identifier, (node as Definition).url);
  }

  // Web, mail, same-site and in-page links only, kept in their normal form (the site's renderer applies the same rule).
  const link = (written: string, children: PhrasingContent[], node: Nodes, modifiers: Modifiers): InlineNode[] => {
    const url = safeLinkUrl(written);
    if (!url) {
      problems.push({ line: lineOf(node), message: `links must start with https://, http://, mailto: or / (not "${written.slice(0, 60)}")` });
      return [];
    }
    const texts = inline(children, modifiers).flatMap((child) => (child.type === 'link' ? child.children : [child]));
    return [{ type: 'link', url, children: texts.length ? texts : [{ type: 'text', text: url }] }];
  };

  function inline(nodes: PhrasingContent[], modifiers: Modifiers = {}): InlineNode[] {
    return nodes.flatMap((node): InlineNode[] => {
      switch (node.type) {
        case 'text':
        case 'html':
          return [{ type: 'text', text: node.value, ...modifiers }];
        case 'inlineCode':
          return [{ type: 'text', text: node.value, ...modifiers, code: true }];
        case 'break':
          return [{ type: 'text', text: '\n', ...modifiers }];
        case 'emphasis':
          return inline(node.children, { ...modifiers, italic: true });
        case 'strong':
          return inline(node.children, { ...modifiers, bold: true });
        case 'link':
          return link(node.url, node.children, node, modifiers);
        case 'linkReference':
          return link(definitions.get(node.identifier) ?? '', node.children, node, modifiers);
        case 'image':
        case 'imageReference':
          problems.push({ line: lineOf(node), message: NO_IMAGES });
          return [];
        default:
          return [{ type: 'text', text: plainText(node), ...modifiers }];
      }
    });
  }

  /** Inline content of block children (paragraphs of a quote or a list item), one line each. */
  const joined = (parts: InlineNode[][]): InlineNode[] =>
    parts.filter((part) => part.length).flatMap((part, i) => (i === 0 ? part : [{ type: 'text', text: '\n' } as TextNode, ...part]));

  const flowText = (nodes: RootContent[]): InlineNode[] =>
    joined(
      nodes.map((node) => {
        if (node.type === 'paragraph' || node.type === 'heading') return inline(node.children);
        if (node.type === 'list') return joined(node.children.map((item) => flowText(item.children)));
        if (node.type === 'definition') return [];
        return [{ type: 'text', text: plainText(node) }];
      }),
    );

  const nonEmpty = (children: InlineNode[]): InlineNode[] => (children.length ? children : [{ type: 'text', text: '' }]);

  function list(node: List, indentLevel: number): ListNode {
    const children: (ListItemNode | ListNode)[] = [];
    for (const item of node.children as ListItem[]) {
      const nested = item.children.filter((child): child is List => child.type === 'list');
      const own = item.children.filter((child) => child.type !== 'list');
      children.push({ type: 'list-item', children: nonEmpty(flowText(own)) });
      for (const sub of nested) children.push(list(sub, indentLevel + 1));
    }
    return { type: 'list', format: node.ordered ? 'ordered' : 'unordered', ...(indentLevel ? { indentLevel } : {}), children };
  }

  const blocks: Block[] = [];
  for (const node of tree.children) {
    switch (node.type) {
      case 'paragraph': {
        const children = inline(node.children);
        if (children.length) blocks.push({ type: 'paragraph', children });
        break;
      }
      case 'heading':
        blocks.push({ type: 'heading', level: node.depth, children: nonEmpty(inline(node.children)) });
        break;
      case 'blockquote':
        blocks.push({ type: 'quote', children: nonEmpty(flowText(node.children)) });
        break;
      case 'list':
        blocks.push(list(node, 0));
        break;
      case 'code':
        blocks.push({ type: 'code', ...(node.lang ? { language: node.lang } : {}), children: [{ type: 'text', text: node.value }] });
        break;
      case 'html':
        blocks.push({ type: 'paragraph', children: [{ type: 'text', text: node.value }] });
        break;
      case 'definition':
      case 'thematicBreak':
        break;
      default:
        blocks.push({ type: 'paragraph', children: [{ type: 'text', text: plainText(node) }] });
    }
  }
  return { blocks, problems };
}

/** The first words of a body, for an excerpt: whole words, at most `max` characters with the ellipsis. */
export function excerptOf(blocks: Block[], max = 200): string {
  const text = blocks
    .filter((block) => block.type === 'paragraph' || block.type === 'quote')
    .map((block) => block.children.map((child) => (child.type === 'link' ? child.children.map((c) => c.text).join('') : child.text)).join(''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
