import { Children, isValidElement, type ReactNode } from 'react';
import { BlocksRenderer, type BlocksContent } from '@strapi/blocks-react-renderer';
import { safeLinkUrl } from '@writory/shared';

/** Only web, mail, same-site and in-page links survive (the cms's rule); anything else becomes plain text. */
export const safeHref = safeLinkUrl;

/** A nested list (the blocks editor puts it beside the items) goes inside an item, as HTML wants. */
const listItems = (children: ReactNode) =>
  Children.map(children, (child) =>
    isValidElement<{ content?: { type?: string } }>(child) && child.props.content?.type === 'list' ? <li className="list-none">{child}</li> : child,
  );

/**
 * Renders Strapi blocks-editor content as static HTML (no client JavaScript, text always escaped). Each block
 * takes its direction from its own text, so an Arabic paragraph reads right to left among English ones.
 */
export default function Blocks({ content }: { content: unknown[] }) {
  return (
    <BlocksRenderer
      content={content as BlocksContent}
      blocks={{
        link: ({ children, url }) => {
          const href = safeHref(url);
          return href ? (
            <a href={href} className="text-quill underline underline-offset-4" rel={href.startsWith('/') ? undefined : 'noopener nofollow'}>
              {children}
            </a>
          ) : (
            <span>{children}</span>
          );
        },
        heading: ({ children, level }) => {
          const Tag = `h${Math.min(6, Math.max(2, level))}` as 'h2';
          return (
            <Tag dir="auto" className="mt-8 mb-3 font-serif text-2xl font-semibold">
              {children}
            </Tag>
          );
        },
        paragraph: ({ children }) => (
          <p dir="auto" className="mb-4 leading-relaxed">
            {children}
          </p>
        ),
        quote: ({ children }) => (
          <blockquote dir="auto" className="my-6 border-s-4 border-quill ps-4 italic">
            {children}
          </blockquote>
        ),
        'list-item': ({ children }) => <li dir="auto">{children}</li>,
        list: ({ children, format }) =>
          format === 'ordered' ? (
            <ol className="mb-4 list-decimal ps-6">{listItems(children)}</ol>
          ) : (
            <ul className="mb-4 list-disc ps-6">{listItems(children)}</ul>
          ),
        image: ({ image }) => (
          <img
            src={image.url}
            alt={image.alternativeText ?? ''}
            width={image.width}
            height={image.height}
            loading="lazy"
            className="my-6 h-auto max-w-full rounded"
          />
        ),
      }}
    />
  );
}
