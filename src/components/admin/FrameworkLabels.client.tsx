'use client';

import { useTranslation } from '@payloadcms/ui';
import { useEffect, type ReactNode } from 'react';

/** The toasts' region, named in the staff's language (with the key that reaches it). */
export const NOTIFICATIONS_LABEL: Record<string, string> = {
  ca: 'Notificacions (Alt+T)',
  es: 'Notificaciones (Alt+T)',
  en: 'Notifications (Alt+T)',
  fr: 'Notifications (Alt+T)',
};

/** The rich-text editor's link buttons, which Lexical names in English only. */
export const LINK_BUTTON_LABELS: Record<string, { edit: string; remove: string }> = {
  ca: { edit: 'Edita l’enllaç', remove: 'Elimina l’enllaç' },
  es: { edit: 'Editar el enlace', remove: 'Quitar el enlace' },
  en: { edit: 'Edit link', remove: 'Remove link' },
  fr: { edit: 'Modifier le lien', remove: 'Supprimer le lien' },
};
const LINK_EDIT = 'button[aria-label="Edit link"]';
/** A chosen document's edit button in a relationship field, named `Edit ${label}` in English. */
const CHIP_EDIT = '.relationship--multi-value-label__drawer-toggler[aria-label^="Edit "]';
const LINK_REMOVE = 'button[aria-label="Remove link"]';

/** Payload's toaster (Sonner): a live region Payload names no other way than Sonner's English. */
const TOASTER = 'section[aria-live][aria-label]';
/** The list's checkboxes: Payload titles them by their input's name ("select-all", "select-row"). */
const SELECT_ALL = '.select-all input[type="checkbox"]';
const SELECT_ROW = '.select-row input[type="checkbox"]';

/**
 * Around every back-office page (a Payload admin provider), the names Payload's own widgets give a
 * screen reader in English whatever the staff's language, without patching Payload:
 * - the toasts' region, "Notifications alt+T" (Sonner's default; Payload passes no name);
 * - the lists' checkboxes, titled "select-all" (their input's name: Payload drops the
 *   translated name it is given).
 * - the rich-text editor's "Edit link" and "Remove link" buttons (hard-coded in Lexical), and
 *   a relationship's chosen documents' edit buttons ("Edit Port i litoral", hard-coded too).
 */
export function FrameworkLabels({ children }: { children?: ReactNode }) {
  const { i18n, t } = useTranslation();
  const notifications = NOTIFICATIONS_LABEL[i18n.language] ?? NOTIFICATIONS_LABEL.ca!;
  const selectAll = t('general:selectAllRows');
  const deselectAll = t('general:deselectAllRows');
  const selectRow = t('general:select');
  const links = LINK_BUTTON_LABELS[i18n.language] ?? LINK_BUTTON_LABELS.ca!;

  useEffect(() => {
    const name = (element: HTMLElement, label: string) => {
      if (element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label);
      if (element.title !== label) element.title = label;
    };
    const apply = () => {
      for (const region of document.querySelectorAll<HTMLElement>(TOASTER)) {
        const toaster =
          region.dataset.frameworkToasts === 'named' ||
          region.querySelector('.payload-toast-container') !== null ||
          /^Notifications /.test(region.getAttribute('aria-label') ?? '');
        if (!toaster) continue;
        region.dataset.frameworkToasts = 'named';
        if (region.getAttribute('aria-label') !== notifications) region.setAttribute('aria-label', notifications);
      }
      for (const box of document.querySelectorAll<HTMLInputElement>(SELECT_ALL)) {
        name(box, box.checked ? deselectAll : selectAll);
        box.removeAttribute('aria-labelledby');
      }
      for (const box of document.querySelectorAll<HTMLInputElement>(SELECT_ROW)) {
        name(box, selectRow);
        box.removeAttribute('aria-labelledby');
      }
      for (const button of document.querySelectorAll<HTMLElement>(LINK_EDIT)) name(button, links.edit);
      for (const button of document.querySelectorAll<HTMLElement>(LINK_REMOVE)) name(button, links.remove);
      for (const button of document.querySelectorAll<HTMLElement>(CHIP_EDIT)) {
        const label = (button.getAttribute('aria-label') ?? '').slice('Edit '.length);
        // Set only when it differs: in English it reads the same, and a write would wake the observer again.
        const translatedLabel = t('general:editLabel', { label });
        if (button.getAttribute('aria-label') !== translatedLabel) button.setAttribute('aria-label', translatedLabel);
      }
    };
    apply();
    // The widgets mount after this provider, and React may render Payload's names again.
    const observer = new MutationObserver(apply);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label', 'title', 'hidden', 'checked'],
    });
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'checkbox') apply();
    };
    document.addEventListener('change', onChange, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('change', onChange, true);
    };
  }, [notifications, selectAll, deselectAll, selectRow, links, t]);

  return <>{children}</>;
}
