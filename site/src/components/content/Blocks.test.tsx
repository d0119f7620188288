import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Blocks, { safeHref } from './Blocks';

describe('safeHref', () => {
  it.each([
    ['https://writory.example/a', 'https://writory.example/a'],
    ['mailto:hello@writory.local', 'mailto:hello@writory.local'],
    ['/articles', '/articles'],
    ['#our-team', '#our-team'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example', null],
    ['/\\evil.example/path', null],
    ['https://writory.example@evil.example', null],
  ])('%s → %s', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});

describe('Blocks', () => {
  it('escapes text and drops dangerous links', () => {
    const html = renderToStaticMarkup(
      <Blocks
        content={[
          { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
          { type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', text: 'click' }] }] },
        ]}
      />,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span>click</span>');
  });
});

describe('Blocks lists', () => {
  it('puts a nested list inside an item, so the HTML stays a valid list', () => {
    const html = renderToStaticMarkup(
      <Blocks
        content={[
          {
            type: 'list',
            format: 'unordered',
            children: [
              { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
              { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'inner' }] }] },
            ],
          },
        ]}
      />,
    );
    expect(html).toBe(
      '<ul class="mb-4 list-disc ps-6"><li dir="auto">one</li><li class="list-none"><ol class="mb-4 list-decimal ps-6"><li dir="auto">inner</li></ol></li></ul>',
    );
  });
});

describe('Blocks direction', () => {
  it('lets each block take its direction from its own text', () => {
    const html = renderToStaticMarkup(
      <Blocks
        content={[
          { type: 'heading', level: 2, children: [{ type: 'text', text: 'الليل' }] },
          { type: 'paragraph', children: [{ type: 'text', text: 'English' }] },
          { type: 'quote', children: [{ type: 'text', text: 'قصيدة' }] },
        ]}
      />,
    );
    expect(html.match(/dir="auto"/g)).toHaveLength(3);
  });
});
