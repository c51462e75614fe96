import styles from './SandboxPaymentForm.module.css';

type Props = {
  fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };
  amount: string;
  orderRef: string;
  description: string;
  labels: Record<'notice' | 'amount' | 'order' | 'merchant' | 'card' | 'cardHint' | 'pay' | 'decline', string>;
};

/** The sandbox "bank" page: a plain form, so it works without JavaScript. */
export function SandboxPaymentForm({ fields, amount, orderRef, description, labels }: Props) {
  return (
    <form method="post" action="/api/payments/sandbox" className={styles.form}>
      <p className={styles.notice}>{labels.notice}</p>
      <dl className={styles.summary}>
        <dt>{labels.merchant}</dt>
        <dd>{description}</dd>
        <dt>{labels.order}</dt>
        <dd>{orderRef}</dd>
        <dt>{labels.amount}</dt>
        <dd className={styles.amount}>{amount}</dd>
      </dl>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className={styles.label} htmlFor="sandbox-card">
        {labels.card}
      </label>
      <input
        id="sandbox-card"
        name="card"
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        aria-describedby="sandbox-card-hint"
      />
      <p id="sandbox-card-hint" className={styles.hint}>
        {labels.cardHint}
      </p>
      <div className={styles.actions}>
        <button type="submit" name="decision" value="pay" className={styles.pay}>
          {labels.pay} {amount}
        </button>
        <button type="submit" name="decision" value="decline" className={styles.decline}>
          {labels.decline}
        </button>
      </div>
    </form>
  );
}
