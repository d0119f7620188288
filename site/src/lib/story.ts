// A story's text as the judges read it: its paragraphs, as the poet wrote them (blank lines between).

/** The paragraphs of a text: split at blank lines, each trimmed of the blank lines around it; empty ones dropped. */
export function storyParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t]*\n)+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim().length > 0);
}
