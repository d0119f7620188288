// The tags field of the article editor: names separated by commas, compared without case.

/** The distinct tag names in a comma-separated text, in order, spaces tidied. */
export function parseTags(text: string): string[] {
  const tags = new Map<string, string>();
  for (const part of text.split(/[,،、]/)) {
    const name = part.replace(/\s+/g, ' ').trim();
    if (name && !tags.has(name.toLocaleLowerCase())) tags.set(name.toLocaleLowerCase(), name);
  }
  return [...tags.values()];
}

export const hasTag = (text: string, name: string) => parseTags(text).some((tag) => tag.toLocaleLowerCase() === name.toLocaleLowerCase());

/** Adds the tag to the text, or removes it when it is already there. */
export function toggleTag(text: string, name: string): string {
  const tags = parseTags(text);
  const kept = tags.filter((tag) => tag.toLocaleLowerCase() !== name.toLocaleLowerCase());
  return (kept.length === tags.length ? [...tags, name] : kept).join(', ');
}
