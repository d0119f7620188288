import { describe, expect, it } from 'vitest';
import { excerptOf, markdownToBlocks } from './markdown-blocks';

const convert = (markdown: string) => markdownToBlocks(markdown);

describe('markdownToBlocks', () => {
  it('turns paragraphs, headings and emphasis into blocks', () => {
    const { blocks, problems } = convert('## Craft\n\nWrite **bold**, *soft* and `code` words.\nSame paragraph.\n\nSecond one.');
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Craft' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Write ' },
          { type: 'text', text: 'bold', bold: true },
          { type: 'text', text: ', ' },
          { type: 'text', text: 'soft', italic: true },
          { type: 'text', text: ' and ' },
          { type: 'text', text: 'code', code: true },
          { type: 'text', text: ' words.\nSame paragraph.' },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'Second one.' }] },
    ]);
  });

  it('keeps nested emphasis and hard line breaks', () => {
    const { blocks } = convert('***both*** line  \nnext');
    expect(blocks[0]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'both', italic: true, bold: true },
        { type: 'text', text: ' line' },
        { type: 'text', text: '\n' },
        { type: 'text', text: 'next' },
      ],
    });
  });

  it('makes links, also reference links, with their text', () => {
    const { blocks, problems } = convert('See [the rules](/#rules), [**Strapi**](https://strapi.io) and [mail][m].\n\n[m]: mailto:hello@writory.local');
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'See ' },
          { type: 'link', url: '/#rules', children: [{ type: 'text', text: 'the rules' }] },
          { type: 'text', text: ', ' },
          { type: 'link', url: 'https://strapi.io/', children: [{ type: 'text', text: 'Strapi', bold: true }] },
          { type: 'text', text: ' and ' },
          { type: 'link', url: 'mailto:hello@writory.local', children: [{ type: 'text', text: 'mail' }] },
          { type: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('makes quotes and code blocks', () => {
    const { blocks } = convert('> First line\n>\n> second *line*\n\n```js\nlet x = 1;\n```');
    expect(blocks).toEqual([
      {
        type: 'quote',
        children: [
          { type: 'text', text: 'First line' },
          { type: 'text', text: '\n' },
          { type: 'text', text: 'second ' },
          { type: 'text', text: 'line', italic: true },
        ],
      },
      { type: 'code', language: 'js', children: [{ type: 'text', text: 'let x = 1;' }] },
    ]);
  });

  it('makes ordered and unordered lists, nested ones with an indent level as the panel does', () => {
    const { blocks } = convert('1. one\n2. two\n   - inner\n\n- a\n- b');
    expect(blocks).toEqual([
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
          { type: 'list-item', children: [{ type: 'text', text: 'two' }] },
          { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'inner' }] }] },
        ],
      },
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'a' }] },
          { type: 'list-item', children: [{ type: 'text', text: 'b' }] },
        ],
      },
    ]);
  });

  it('keeps any script and right-to-left text as written', () => {
    const { blocks } = convert('# قصيدة الليل\n\n你好，世界。 कविता');
    expect(blocks).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'قصيدة الليل' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '你好，世界。 कविता' }] },
    ]);
  });

  it('keeps HTML as plain text (the site escapes it) and drops separators', () => {
    const { blocks, problems } = convert('<script>alert(1)</script>\n\n---\n\nHi <b>there</b>');
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Hi ' },
          { type: 'text', text: '<b>' },
          { type: 'text', text: 'there' },
          { type: 'text', text: '</b>' },
        ],
      },
    ]);
  });

  it.each([
    ['a javascript: link', 'Click [me](javascript:alert(1))', 1, /links must start with/],
    ['a data: link', 'Text\n\n[x](data:text/html,hi)', 3, /links must start with/],
    ['a protocol-relative link', '[x](//evil.example)', 1, /links must start with/],
    ['a backslash link browsers send to another host', 'Read [this](/\\evil.example/path)', 1, /links must start with/],
    ['a link hiding a tab', '[x](</\t/evil.example>)', 1, /links must start with/],
    ['a link with a user name before the host', '[writory.example](https://writory.example@evil.example)', 1, /links must start with/],
    ['an image', 'Look:\n\n![a cat](https://example.com/cat.png)', 3, /images cannot go in the text/],
  ])('reports %s with its line and leaves it out', (_name, markdown, line, message) => {
    const { blocks, problems } = convert(markdown);
    expect(problems).toHaveLength(1);
    expect(problems[0].line).toBe(line);
    expect(problems[0].message).toMatch(message);
    expect(JSON.stringify(blocks)).not.toMatch(/javascript:|data:|evil|cat\.png/);
  });

  it('gives an empty body no blocks', () => {
    expect(convert('  \n\n').blocks).toEqual([]);
  });
});

describe('excerptOf', () => {
  it('takes whole words from paragraphs and quotes, with an ellipsis when cut', () => {
    const { blocks } = convert(`# Title\n\n${'word '.repeat(60)}\n\n> quoted`);
    const excerpt = excerptOf(blocks, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt).toMatch(/^word( word)+…$/);
    expect(excerptOf(convert('Short [link](/x) text.').blocks)).toBe('Short link text.');
  });
});
