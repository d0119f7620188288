import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue sentence with an element in it: `around(t('wall.share.moderate'), 'queue', <a…>…</a>)` puts the link
 * where that language's sentence has `{queue}`, so a translation may move it (the start in English, the end in Hindi).
 */
export function around(text: string, name: string, element: ReactNode): ReactNode {
  const [before, ...rest] = text.split(`{${name}}`);
  if (!rest.length) return text;
  return (
    <Fragment>
      {before}
      {element}
      {rest.join(`{${name}}`)}
    </Fragment>
  );
}
