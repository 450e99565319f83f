import { PRODUCTS, type Product } from '../../contract/brokerages.ts';
import { BRAND } from '../../lib/brand.ts';
import * as styles from './dashboard.css.ts';

/** Spec 2 section 1 as docs/spec/DECISIONS.md reads it: the spec's "= X" names the value, no enum is shown to users. */
export const PRODUCT_LABELS: Record<Product, string> = {
  COMBINED: `${BRAND.name} Referrals + IRIS`,
  [BRAND.code]: `${BRAND.name} Referrals`,
  LEAD_GENIUS: 'IRIS',
};

const ORDER: readonly Product[] = ['COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS'];

/** Which lead product the figures cover (shown to ADMIN and LEAD_SUPPLIER users only). */
export function ProductSelector({ value, onChange }: { value: Product; onChange: (p: Product) => void }) {
  return (
    <label className={styles.selectLabel}>
      Product
      <select
        className={styles.select}
        value={value}
        onChange={(e) => {
          const p = PRODUCTS.find((x) => x === e.target.value);
          if (p) onChange(p);
        }}
      >
        {ORDER.map((p) => (
          <option key={p} value={p}>
            {PRODUCT_LABELS[p]}
          </option>
        ))}
      </select>
    </label>
  );
}
