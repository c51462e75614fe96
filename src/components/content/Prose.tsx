/** Plain text from the CMS: a blank line starts a paragraph, a single line break stays a break. */
export function Prose({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className={className ?? 'prose'}>
      {paragraphs.map((paragraph, index) => {
        const lines = paragraph.split('\n');
        return (
          <p key={index}>
            {lines.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
