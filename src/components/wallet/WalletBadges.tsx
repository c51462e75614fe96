import type { WalletLinks } from '@/wallet/passes';

import styles from './WalletBadges.module.css';

/**
 * "Add to Apple Wallet" and "Add to Google Wallet" drawn after the two companies' badges (black,
 * rounded, the wallet mark, the words in the visitor's language), served from here: the page
 * loads nothing from Apple or Google.
 */
export function WalletBadges({ links, labels }: { links: WalletLinks; labels: { intro: string; top: string } }) {
  if (!links.apple && !links.google) return null;
  return (
    <section className={styles.wallets} aria-label={labels.intro} data-testid="wallet-badges">
      <p className={styles.intro}>{labels.intro}</p>
      <p className={styles.badges}>
        {links.apple ? (
          <a className={styles.badge} href={links.apple} data-wallet="apple">
            <svg className={styles.mark} viewBox="0 0 40 32" aria-hidden="true" focusable="false">
              <rect x="2" y="2" width="36" height="28" rx="5" fill="#d9d9d9" />
              <rect x="2" y="6" width="36" height="8" rx="3" fill="#3fa2f7" />
              <rect x="2" y="11" width="36" height="8" rx="3" fill="#f9b418" />
              <rect x="2" y="16" width="36" height="8" rx="3" fill="#55c250" />
              <rect x="2" y="21" width="36" height="9" rx="3" fill="#f25c54" />
            </svg>
            <span className={styles.words}>
              {/* The space keeps the link's name "Add to Apple Wallet" where the lines stack. */}
              <span className={styles.top}>{labels.top}</span> <span className={styles.name}>Apple Wallet</span>
            </span>
          </a>
        ) : null}
        {links.google ? (
          <a
            className={styles.badge}
            href={links.google}
            data-wallet="google"
            target="_blank"
            rel="noopener noreferrer"
          >
            <svg className={styles.mark} viewBox="0 0 40 32" aria-hidden="true" focusable="false">
              <path d="M4 8a5 5 0 0 1 5-5h22a5 5 0 0 1 5 5v3H4z" fill="#ea4335" />
              <path d="M4 11h32v5H4z" fill="#fbbc04" />
              <path d="M4 16h32v5H4z" fill="#34a853" />
              <path d="M4 21h32v4a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" fill="#4285f4" />
            </svg>
            <span className={styles.words}>
              <span className={styles.top}>{labels.top}</span> <span className={styles.name}>Google Wallet</span>
            </span>
          </a>
        ) : null}
      </p>
    </section>
  );
}
