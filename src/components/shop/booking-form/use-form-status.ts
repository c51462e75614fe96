import { useRef, useState } from 'react';

/**
 * What the form says about itself, above its fields: one error line (with keyboard and
 * screen-reader focus taken to it), a notice, the group-form hint, and whether a request is on
 * its way. The submission and the hold both report through it.
 */
export function useFormStatus() {
  const [formError, setFormError] = useState<string | null>(null);
  // Parties above the shop's cap, and visitors at their seat limit, are pointed to the group form.
  const [limitReached, setLimitReached] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  return {
    formError,
    setFormError,
    limitReached,
    setLimitReached,
    busy,
    setBusy,
    notice,
    setNotice,
    statusRef,
    /** Shows the error line and takes focus to it. */
    alert(message: string | null) {
      setFormError(message);
      statusRef.current?.focus();
    },
  };
}

export type FormStatus = ReturnType<typeof useFormStatus>;
