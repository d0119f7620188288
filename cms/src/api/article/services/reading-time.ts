/** Minutes to read a Strapi blocks body at 200 words a minute, at least 1. */
export function readingMinutes(blocks: unknown): number {
  const words = collectText(blocks).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

function collectText(node: unknown): string {
  if (Array.isArray(node)) return node.map(collectText).join(' ');
  if (node && typeof node === 'object') {
    const { text, children } = node as { text?: unknown; children?: unknown };
    return [typeof text === 'string' ? text : '', children ? collectText(children) : ''].join(' ');
  }
  return '';
}
