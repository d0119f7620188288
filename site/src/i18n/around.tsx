import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue sentence with elements in it: `around(t('wall.share.moderate'), { queue: <a…>…</a> })` puts the link
 * where that language's sentence has `{queue}`, so a translation may move it (the start in English, the end in Hindi).
 * Placeholders not named stay as written.
 */
export function around(text: string, slots: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) => (
        // Odd parts are placeholders' names.
        <Fragment key={i}>{i % 2 === 0 ? part : part in slots ? slots[part] : `{${part}}`}</Fragment>
      ))}
    </>
  );
}
