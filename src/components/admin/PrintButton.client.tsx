'use client';

export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="ops-button ops-button--primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
