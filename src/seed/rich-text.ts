/** Builds Payload's Lexical rich-text JSON from simple blocks, so the seed can write page bodies. */
type Block = { h2?: string; p?: string; ul?: string[] };

const text = (value: string) => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
});

const element = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  type,
  version: 1,
  direction: 'ltr' as const,
  format: '' as const,
  indent: 0,
  children,
  ...extra,
});

export function richTextFromBlocks(blocks: Block[]) {
  const children: unknown[] = [];
  for (const block of blocks) {
    if (block.h2) children.push(element('heading', [text(block.h2)], { tag: 'h2' }));
    if (block.p) children.push(element('paragraph', [text(block.p)], { textFormat: 0, textStyle: '' }));
    if (block.ul) {
      children.push(
        element(
          'list',
          block.ul.map((item, index) => element('listitem', [text(item)], { value: index + 1 })),
          { listType: 'bullet', start: 1, tag: 'ul' },
        ),
      );
    }
  }
  return { root: element('root', children) };
}
