'use client';

import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

import './ops.css';

/**
 * A button that opens a modal confirmation for an action that cannot be undone. The browser's
 * own <dialog>: focus moves in, Escape closes it, the page behind is inert. `onConfirm` answers
 * an error to show inside the dialog, or null to close it (the outcome is then shown on the page).
 */
export function ConfirmDialog({
  trigger,
  triggerClass = 'ops-button ops-button--danger',
  title,
  confirm,
  keep,
  working,
  children,
  onConfirm,
  testId,
}: {
  trigger: string;
  triggerClass?: string;
  title: string;
  confirm: string;
  keep: string;
  working: string;
  children?: ReactNode;
  onConfirm: (form: FormData) => Promise<string | null>;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const problem = await onConfirm(new FormData(event.currentTarget));
      if (problem) setError(problem);
      else dialog.current?.close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={triggerClass}
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
      >
        {trigger}
      </button>
      <dialog ref={dialog} className="ops-dialog" aria-labelledby={`${id}-title`} data-testid={testId}>
        <form onSubmit={submit}>
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
          {error ? (
            <p className="ops-notice ops-notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ops-dialog-actions">
            <button type="button" className="ops-button ops-button--ghost" onClick={() => dialog.current?.close()}>
              {keep}
            </button>
            <button type="submit" className="ops-button ops-button--danger" disabled={busy}>
              {busy ? working : confirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
