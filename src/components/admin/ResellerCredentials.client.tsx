'use client';

import { useDocumentInfo, useTranslation } from '@payloadcms/ui';
import { useCallback, useEffect, useId, useState } from 'react';

import { opsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { postJson, type ApiAnswer } from './staff-actions';

import './ops.css';

type Credentials = {
  active: boolean;
  keyPrefix: string | null;
  nextKeyPrefix: string | null;
  hasWebhookSecret: boolean;
};
type Action = 'issueKey' | 'rotateKey' | 'finishRotation' | 'revokeKey' | 'rotateWebhookSecret';
type Shown = { kind: 'key' | 'webhookSecret'; value: string };

/**
 * The reseller's credentials in its admin page (a UI field of the resellers collection): issue,
 * rotate and revoke its API key and make or replace its webhook secret, through
 * /api/ops/resellers/{id}/credentials. A new key or secret arrives in that call's answer only and
 * lives in this component's state: shown once, with a copy button, gone on leaving the page.
 * Buttons are `type="button"`: this sits inside Payload's edit form, which they must not submit.
 */
export function ResellerCredentials() {
  const { id } = useDocumentInfo();
  const { i18n } = useTranslation();
  const t = opsMessages(i18n.language).resellerCredentials;
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<'revokeKey' | 'rotateWebhookSecret' | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const headingId = useId();
  const url = id ? `/api/ops/resellers/${encodeURIComponent(String(id))}/credentials` : null;

  const errorText = useCallback(
    (code: string | undefined) => (t.errors as Record<string, string>)[code ?? ''] ?? t.errors.network,
    [t],
  );

  useEffect(() => {
    if (!url) return;
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then((response) => response.json() as Promise<ApiAnswer & { credentials?: Credentials }>)
      .then((answer) => {
        if (!live) return;
        if (answer.ok && answer.credentials) setCredentials(answer.credentials);
        else setNotice({ kind: 'error', text: errorText(answer.error) });
      })
      .catch(() => live && setNotice({ kind: 'error', text: t.errors.network }));
    return () => {
      live = false;
    };
  }, [url, errorText, t]);

  if (!url) {
    return (
      <div className="ops reseller-credentials field-type" data-testid="reseller-credentials">
        <h3>{t.title}</h3>
        <p>{t.saveFirst}</p>
      </div>
    );
  }

  const run = async (action: Action) => {
    setBusy(true);
    setNotice(null);
    setConfirming(null);
    setCopied(null);
    const answer = (await postJson(url, { action })) as ApiAnswer & { secret?: string; credentials?: Credentials };
    setBusy(false);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: errorText(answer.error) });
      return;
    }
    if (answer.credentials) setCredentials(answer.credentials);
    if (answer.secret) {
      setShown({ kind: action === 'rotateWebhookSecret' ? 'webhookSecret' : 'key', value: answer.secret });
    } else {
      setShown(null);
      setNotice({ kind: 'ok', text: action === 'revokeKey' ? t.revoked : t.finished });
    }
  };

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(t.copied);
    } catch {
      setCopied(t.copyFailed);
    }
  };

  const c = credentials;
  return (
    <section
      className="ops reseller-credentials field-type"
      aria-labelledby={headingId}
      data-testid="reseller-credentials"
    >
      <h3 id={headingId}>{t.title}</h3>
      {!c ? (
        <p>{t.loading}</p>
      ) : (
        <>
          {!c.active ? <p className="ops-notice ops-notice--error">{t.inactive}</p> : null}
          <p data-testid="reseller-key-status">{c.keyPrefix ? fill(t.currentKey, { prefix: c.keyPrefix }) : t.noKey}</p>
          {c.nextKeyPrefix ? <p>{fill(t.nextKey, { prefix: c.nextKeyPrefix })}</p> : null}
          <p>{c.hasWebhookSecret ? t.hasWebhookSecret : t.noWebhookSecret}</p>
          <div className="ops-actions">
            {!c.keyPrefix ? (
              <button
                type="button"
                className="ops-button ops-button--primary"
                disabled={busy}
                onClick={() => run('issueKey')}
              >
                {t.issueKey}
              </button>
            ) : (
              <button type="button" className="ops-button" disabled={busy} onClick={() => run('rotateKey')}>
                {t.rotateKey}
              </button>
            )}
            {c.nextKeyPrefix ? (
              <button type="button" className="ops-button" disabled={busy} onClick={() => run('finishRotation')}>
                {t.finishRotation}
              </button>
            ) : null}
            {c.keyPrefix ? (
              <button
                type="button"
                className="ops-button ops-button--danger"
                disabled={busy}
                onClick={() => setConfirming('revokeKey')}
              >
                {t.revokeKey}
              </button>
            ) : null}
            <button
              type="button"
              className="ops-button"
              disabled={busy}
              onClick={() => (c.hasWebhookSecret ? setConfirming('rotateWebhookSecret') : run('rotateWebhookSecret'))}
            >
              {c.hasWebhookSecret ? t.rotateWebhookSecret : t.makeWebhookSecret}
            </button>
          </div>
          {confirming ? (
            <div className="ops-notice ops-notice--error" role="alertdialog" aria-label={t.title}>
              <p>{confirming === 'revokeKey' ? t.revokeConfirm : t.webhookConfirm}</p>
              <button
                type="button"
                className="ops-button ops-button--danger"
                disabled={busy}
                onClick={() => run(confirming)}
              >
                {t.yes}
              </button>{' '}
              <button type="button" className="ops-button" onClick={() => setConfirming(null)}>
                {t.keep}
              </button>
            </div>
          ) : null}
        </>
      )}
      {shown ? (
        <div className="ops-notice ops-notice--ok" role="status" data-testid="reseller-secret">
          <p>
            <strong>{shown.kind === 'key' ? t.newKey : t.newWebhookSecret}</strong>
          </p>
          <p>{t.once}</p>
          <input
            readOnly
            value={shown.value}
            aria-label={shown.kind === 'key' ? t.newKey : t.newWebhookSecret}
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
          <div className="ops-actions">
            <button type="button" className="ops-button ops-button--primary" onClick={() => copy(shown.value)}>
              {t.copy}
            </button>
            <button type="button" className="ops-button" onClick={() => setShown(null)}>
              {t.hide}
            </button>
          </div>
          {copied ? <p role="status">{copied}</p> : null}
        </div>
      ) : null}
      {notice ? (
        <p className={`ops-notice ops-notice--${notice.kind}`} role="status">
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
