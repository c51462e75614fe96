import type { ReactNode } from 'react';

type Node = {
  type: string;
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  fields?: { url?: string; newTab?: boolean };
  children?: Node[];
};

const BOLD = 1;
const ITALIC = 2;

/**
 * Renders the Lexical JSON staff write in the back office, with no client JavaScript. It knows
 * the nodes the default editor produces; anything else renders its children.
 */
function render(node: Node, key: number, headingOffset: number): ReactNode {
  const children = node.children?.map((child, i) => render(child, i, headingOffset));
  switch (node.type) {
    case 'text': {
      let content: ReactNode = node.text ?? '';
      const format = typeof node.format === 'number' ? node.format : 0;
      if (format & BOLD) content = <strong>{content}</strong>;
      if (format & ITALIC) content = <em>{content}</em>;
      return <span key={key}>{content}</span>;
    }
    case 'linebreak':
      return <br key={key} />;
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'heading': {
      // The page's h1 is its title: headings in the body start at h2.
      const level = Math.min(6, Math.max(2, Number((node.tag ?? 'h2').slice(1)) + headingOffset));
      const Tag = `h${level}` as 'h2';
      return <Tag key={key}>{children}</Tag>;
    }
    case 'list':
      return node.listType === 'number' ? <ol key={key}>{children}</ol> : <ul key={key}>{children}</ul>;
    case 'listitem':
      return <li key={key}>{children}</li>;
    case 'quote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'link':
    case 'autolink': {
      const href = node.fields?.url ?? node.url ?? '#';
      const safe = /^(https?:|mailto:|tel:|\/|#)/.test(href) ? href : '#';
      return (
        <a key={key} href={safe} {...(node.fields?.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      );
    }
    default:
      return <span key={key}>{children}</span>;
  }
}

export function RichText({ data }: { data: unknown }) {
  const root = (data as { root?: Node } | null | undefined)?.root;
  if (!root?.children?.length) return null;
  const hasH1 = root.children.some((n) => n.type === 'heading' && n.tag === 'h1');
  return <div className="prose">{root.children.map((child, i) => render(child, i, hasH1 ? 1 : 0))}</div>;
}
